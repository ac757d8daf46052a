// Server entry of the build-time prerender (apps/web/build/prerender.ts): renders each public page
// to HTML with the same component tree the browser hydrates (src/main.tsx).
import { posts } from "virtual:nexus/blog-index";
import { type ReactNode, StrictMode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppShellSkeleton } from "@/components/layouts/app-shell-skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { tagsOf } from "@/features/marketing/lib/tag-filter.ts";
import { activateLocale, needCatalogue } from "@/lib/i18n/i18n.ts";
import { localeOfPath, localizedHref, stripLocale } from "@/lib/i18n/locale-paths.ts";
import { DEFAULT_LOCALE, directionOf, LOCALES, type Locale } from "@/lib/i18n/locales.ts";
import { type FirstViewField, firstViews, inAppFrame } from "./app/first-views.tsx";
import { LandingStandalone } from "./app/landing-standalone.tsx";
import { appRoutes } from "./app/router.tsx";

export { PRERENDER_ORIGIN } from "@/components/seo/page-meta.tsx";

export interface PublicPage {
  /** Path and query the page answers ("/blog?tag=agents", "/de/blog?tag=agents"). */
  url: string;
  /** The page's language (English at today's paths, another under its code: /de/faq). */
  locale: Locale;
  /** File name under dist/prerendered/. */
  file: string;
  /** Source modules whose chunks (and CSS) the page needs at once. */
  modules: string[];
  /** Listed in sitemap.xml. */
  sitemap: boolean;
  /** YYYY-MM-DD for the sitemap's lastmod. */
  lastmod?: string;
}

/** The URL rendered as the not-found page (served with 404 for unknown /blog/:slug paths). */
export const NOT_FOUND_URL = "/blog/__not-found__";

const ROUTES = "src/app/routes";
const routed = (route: string) => ["src/app/app.tsx", `${ROUTES}/public-layout.tsx`, route];

/** A screen of the app whose code the server preloads with the page (apps/server/src/static.ts). */
export interface AppPagePreload {
  /** The route's path as the router matches it (`:name` one segment). */
  pattern: string;
  /** Source modules whose chunks the screen needs at once (their static imports included). */
  modules: string[];
}

const APP_SHELL = ["src/app/app.tsx", `${ROUTES}/app/layout.tsx`];
const app = paths.app;
const appPage = (route: { path: string }, file: string, ...more: string[]): AppPagePreload => ({
  pattern: `${app.root.path}/${route.path}`,
  modules: [...APP_SHELL, `${ROUTES}/app/${file}`, ...more],
});
/**
 * The answer renderer, loaded when a reply is first drawn: a saved thread or conversation has
 * replies at once, so their pages fetch it beside the rest instead of after the thread arrives.
 */
const MARKDOWN = "src/components/chat/markdown/answer-markdown.tsx";

/**
 * The app's most visited screens, most specific first (the server takes the first match): their
 * chunks are linked as modulepreload in the page, so they download beside the entry instead of one
 * round trip after another (router, then shell, then screen). Any other /app path gets the shell's.
 */
export function appPagePreloads(): AppPagePreload[] {
  return [
    { pattern: app.root.path, modules: [...APP_SHELL, `${ROUTES}/app/home.tsx`] },
    appPage(app.searchResult, "answer.tsx", MARKDOWN),
    appPage(app.search, "answer.tsx"),
    appPage(app.discover, "discover.tsx"),
    appPage(app.library, "library.tsx"),
    appPage(app.history, "history.tsx"),
    appPage(app.files, "files.tsx"),
    appPage(app.settings, "settings.tsx"),
    appPage(app.customAgentShare, "custom-agents.tsx"),
    appPage(app.customAgents, "custom-agents.tsx"),
    appPage(app.customAgentThread, "custom-agent-chat.tsx", MARKDOWN),
    appPage(app.customAgentChat, "custom-agent-chat.tsx"),
    appPage(app.agents, "agents.tsx"),
    // Deep research's pages before a preset agent's, whose patterns they would match.
    appPage(app.deepResearchResults, "deep-research-results.tsx"),
    appPage(app.deepResearchThread, "deep-research.tsx", MARKDOWN),
    appPage(app.deepResearch, "deep-research.tsx"),
    appPage(app.presetAgentThread, "preset-agent.tsx", MARKDOWN),
    appPage(app.presetAgent, "preset-agent.tsx"),
    appPage(app.documentChat, "document-chat.tsx"),
    appPage(app.pdfChat, "document-chat.tsx"),
    { pattern: `${app.root.path}/*`, modules: APP_SHELL },
  ];
}

/** Every page rendered at build time: each public page in every language (English first). */
export function publicPages(): PublicPage[] {
  return LOCALES.flatMap((locale) =>
    englishPages().map((page) => ({
      ...page,
      url: localizedHref(page.url, locale),
      file: locale === DEFAULT_LOCALE ? page.file : `${locale}-${page.file}`,
      locale,
    })),
  );
}

/** The not-found page's URL in `locale` (/de/blog/__not-found__). */
export function notFoundUrl(locale: Locale): string {
  return localizedHref(NOT_FOUND_URL, locale);
}

function englishPages(): Array<Omit<PublicPage, "locale">> {
  const newest = posts[0]?.date;
  return [
    { url: "/", file: "landing.html", modules: ["src/app/landing-standalone.tsx"], sitemap: true },
    { url: "/faq", file: "faq.html", modules: routed(`${ROUTES}/faq.tsx`), sitemap: true },
    {
      url: "/blog",
      file: "blog.html",
      modules: routed(`${ROUTES}/blog.tsx`),
      sitemap: true,
      ...(newest ? { lastmod: newest } : {}),
    },
    ...tagsOf(posts).map((tag, i) => ({
      url: `/blog?${new URLSearchParams({ tag })}`,
      file: `blog-tag-${i}.html`,
      modules: routed(`${ROUTES}/blog.tsx`),
      sitemap: false,
    })),
    ...posts.map((post) => ({
      url: `/blog/${post.slug}`,
      file: `blog-${post.slug}.html`,
      modules: routed(`${ROUTES}/blog-article.tsx`),
      sitemap: true,
      lastmod: post.date,
    })),
    {
      url: "/book-demo",
      file: "book-demo.html",
      modules: routed(`${ROUTES}/book-demo.tsx`),
      sitemap: true,
    },
    {
      url: "/contact",
      file: "contact.html",
      modules: routed(`${ROUTES}/book-demo.tsx`),
      sitemap: false,
    },
    {
      url: NOT_FOUND_URL,
      file: "not-found.html",
      modules: routed(`${ROUTES}/blog-article.tsx`),
      sitemap: false,
    },
  ];
}

async function routedTree(url: string): Promise<ReactNode> {
  const handler = createStaticHandler(appRoutes(null));
  const context = await handler.query(new Request(new URL(url, "http://prerender.invalid")));
  if (context instanceof Response) throw new Error(`${url}: the router answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return <StaticRouterProvider router={router} context={context} hydrate={false} />;
}

/**
 * The HTML of #root for `url`, after every lazy page and article has loaded. React writes the
 * page's <title>, <meta> and <link> tags first; the caller moves them into <head>.
 */
export async function renderPage(url: string): Promise<string> {
  const landing = stripLocale(url) === "/";
  // The app's strings for any page but the landing page, as in the browser (src/main.tsx), in the
  // page's language.
  if (!landing) await needCatalogue("app");
  await activateLocale(localeOfPath(url) ?? DEFAULT_LOCALE);
  const tree = landing ? <LandingStandalone /> : await routedTree(url);
  // Every Suspense boundary inline (no outlined segments, whose reveal needs inline scripts: CSP).
  const { prelude } = await prerender(<StrictMode>{tree}</StrictMode>, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}

/**
 * The markup of the app's loading frame (skeleton sidebar, "Loading..."), which the server puts in
 * every /app page: it is on screen as soon as the CSS is, before any script has run. The app
 * replaces it when it renders (src/main.tsx), so it is never hydrated.
 */
export async function renderAppShell(): Promise<string> {
  await needCatalogue("app");
  await activateLocale(DEFAULT_LOCALE);
  const { prelude } = await prerender(<AppShellSkeleton />);
  return new Response(prelude).text();
}

/**
 * Each screen's first view inside the loading frame (src/app/first-views.tsx), its fields as
 * markers, in every language (the server draws the one in the person's language, in its
 * direction). React writes a page's <title> first (Page); the caller drops it, #root's content only.
 */
export async function renderFirstViews(): Promise<
  Array<{
    pattern: string;
    fields: FirstViewField[];
    html: string;
    locale: Locale;
    dir: "ltr" | "rtl";
  }>
> {
  // The agents hub's, a research's and a document chat's first views read their own parts
  // (catalogue-parts.ts) besides the app's.
  const rendered = [];
  for (const locale of LOCALES) {
    await activateLocale(locale);
    await Promise.all([
      needCatalogue("app"),
      needCatalogue("agents"),
      needCatalogue("research"),
      needCatalogue("documents"),
    ]);
    // One language at a time: the strings are the active language's while its views render.
    const views = await Promise.all(
      firstViews().map(async (view) => {
        const { prelude } = await prerender(inAppFrame(view));
        return {
          pattern: view.pattern,
          fields: view.fields,
          html: await new Response(prelude).text(),
          locale,
          dir: directionOf(locale),
        };
      }),
    );
    rendered.push(...views);
  }
  await activateLocale(DEFAULT_LOCALE);
  return rendered;
}
