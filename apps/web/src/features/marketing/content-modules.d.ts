// Build-time content modules made by apps/web/build/content-plugin.ts from content/.

declare module "virtual:nexus/blog-index" {
  export const posts: ReadonlyArray<import("./lib/post-meta.ts").PostMeta>;
}

declare module "virtual:nexus/blog-articles" {
  export const articles: Readonly<
    Record<string, () => Promise<{ default: import("./lib/article.ts").ArticleBody }>>
  >;
}

declare module "virtual:nexus/faq" {
  export const faq: {
    title: string;
    summary: string;
    introHtml: string;
    items: ReadonlyArray<import("./lib/faq-filter.ts").FaqItem>;
  };
}

declare module "virtual:nexus/faq-teaser" {
  export const faqTeaser: ReadonlyArray<{ id: string; question: string; answer: string }>;
}

declare module "virtual:nexus/agent-showcase" {
  export const agentShowcase: ReadonlyArray<{ id: string; name: string; description: string }>;
}
