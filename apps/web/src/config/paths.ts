import { threadPaths, threadSlug } from "@nexus/contracts";

/**
 * Every route of the app (spec §2). `path` is what the router matches (children of /app are
 * relative to it); `href` builds a link.
 */
const seg = (value: string) => encodeURIComponent(value);
const withThread = (base: string, threadId?: string) =>
  threadId ? `${base}/${seg(threadId)}` : base;

/** The readable part of a thread URL (contracts kinds.ts, which the server's thread links use). */
export { threadSlug };

const THREAD_ID_SHAPE = /^[A-Za-z0-9]{1,100}$/;

/** The thread id of a `search/:queryAndId` segment (after the last '-'); null when malformed. */
export function threadIdFromQueryAndId(queryAndId: string | undefined): string | null {
  if (!queryAndId) return null;
  const id = queryAndId.slice(queryAndId.lastIndexOf("-") + 1);
  return THREAD_ID_SHAPE.test(id) ? id : null;
}

export const paths = {
  landing: { path: "/", href: () => "/" },
  bookDemo: { path: "/book-demo", href: () => "/book-demo" },
  contact: { path: "/contact", href: () => "/contact" },
  share: { path: "/share/:shareId", href: (shareId: string) => `/share/${seg(shareId)}` },
  faq: { path: "/faq", href: () => "/faq" },
  blog: { path: "/blog", href: () => "/blog" },
  blogArticle: { path: "/blog/:slug", href: (slug: string) => `/blog/${seg(slug)}` },
  app: {
    root: { path: "/app", href: () => "/app" },
    search: {
      path: "search",
      href: (query?: string, options: { focus?: string; reasoning?: boolean } = {}) => {
        if (!query) return "/app/search";
        const params = new URLSearchParams({ q: query });
        if (options.focus) params.set("focus", options.focus);
        if (options.reasoning) params.set("reasoning", "1");
        return `/app/search?${params.toString().replaceAll("+", "%20")}`;
      },
    },
    searchResult: {
      path: "search/:queryAndId",
      href: (queryAndId: string) => `/app/search/${seg(queryAndId)}`,
      /** A thread's page: `/app/search/<slug of its first question>-<threadId>`. */
      hrefFor: (query: string, threadId: string) => threadPaths.search(query, threadId),
    },
    answer: { path: "answer", href: () => "/app/answer" },
    discover: { path: "discover", href: () => "/app/discover" },
    settings: { path: "settings", href: () => "/app/settings" },
    agents: { path: "agents", href: () => "/app/agents" },
    usage: { path: "usage", href: () => "/app/usage" },
    files: { path: "files", href: () => "/app/files" },
    library: { path: "library", href: () => "/app/library" },
    history: { path: "history", href: () => "/app/history" },
    subscriptionPlans: { path: "subscription-plans", href: () => "/app/subscription-plans" },
    customAgents: { path: "agents/custom", href: () => "/app/agents/custom" },
    customAgentChat: {
      path: "agents/custom/:agentId",
      href: (agentId: string, threadId?: string) =>
        withThread(`/app/agents/custom/${seg(agentId)}`, threadId),
    },
    customAgentThread: { path: "agents/custom/:agentId/:threadId" },
    customAgentShare: {
      path: "agents/custom/shared/:token",
      href: (token: string) => `/app/agents/custom/shared/${seg(token)}`,
    },
    deepResearch: {
      path: "agents/deepresearch",
      href: (threadId?: string) => withThread("/app/agents/deepresearch", threadId),
    },
    deepResearchThread: { path: "agents/deepresearch/:threadId" },
    deepResearchResults: {
      path: "agents/deepresearch/results",
      href: () => "/app/agents/deepresearch/results",
    },
    extraction: {
      path: "agents/structured-information-extraction",
      href: (threadId?: string) =>
        withThread("/app/agents/structured-information-extraction", threadId),
    },
    extractionThread: { path: "agents/structured-information-extraction/:threadId" },
    pdfChat: {
      path: "pdf-chat/:documentId/:threadId",
      href: (documentId: string, threadId: string) =>
        `/app/pdf-chat/${seg(documentId)}/${seg(threadId)}`,
    },
    documentChat: {
      path: "document-chat/:documentId",
      href: (documentId: string, threadId?: string) =>
        withThread(`/app/document-chat/${seg(documentId)}`, threadId),
    },
    documentChatThread: { path: "document-chat/:documentId/:threadId" },
    nexdocsList: { path: "nexdocs", href: () => "/app/nexdocs" },
    nexdocs: {
      path: "nexdocs/:documentId",
      href: (documentId: string, threadId?: string) =>
        withThread(`/app/nexdocs/${seg(documentId)}`, threadId),
    },
    nexdocsThread: { path: "nexdocs/:documentId/:threadId" },
    presetAgent: {
      path: "agents/:agentId",
      href: (agentId: string, threadId?: string) =>
        withThread(`/app/agents/${seg(agentId)}`, threadId),
    },
    presetAgentThread: { path: "agents/:agentId/:threadId" },
    /** Super-admins only (everyone else gets the not-found page); beyond the spec's table. */
    admin: { path: "admin", href: () => "/app/admin" },
    adminSection: {
      path: "admin/:section",
      href: (section: string, params?: Record<string, string>) => {
        const search = params ? new URLSearchParams(params).toString() : "";
        return `/app/admin/${seg(section)}${search ? `?${search}` : ""}`;
      },
    },
  },
} as const;

/** Sign-in-only areas (spec §2, §6): signing out on one of them leads to the root path. */
const SIGN_IN_ONLY_PREFIXES = [
  "/app/agents",
  "/app/usage",
  "/app/files",
  "/app/pdf-chat",
  "/app/history",
  "/app/library",
  "/app/settings",
  "/app/subscription-plans",
  "/app/document-chat",
  "/app/nexdocs",
  "/app/admin",
] as const;

export function isSignInOnlyPath(pathname: string): boolean {
  return SIGN_IN_ONLY_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** The static footer shows on exactly these two paths (spec §2). */
export function showsStaticFooter(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return normalized === "/" || normalized === "/app";
}
