import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context } from "hono";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./deps.ts";
import { type FirstViewValues, fillFirstView } from "./first-view-template.ts";
import { type PrerenderManifest, robotsTxt, sitemapXml } from "./prerendered.ts";

export type { FirstViewRecord, FirstViewValues } from "./first-view-template.ts";

/** Hashed build files, and Pyodide's files under a path naming their version. */
const HASHED_ASSET = /^\/(?:assets|pyodide\/\d+(?:\.\d+)*)\//;

/** The Python scratchpad's module worker (apps/web/src/features/agents/python/python-worker.ts). */
const PYTHON_WORKER = /^\/assets\/python-worker-[\w-]+\.js$/;

/**
 * A dedicated worker's policy is the one sent with its script, not the page's. The Python worker
 * compiles Pyodide's WebAssembly ('wasm-unsafe-eval', nowhere else) and may reach our origin only.
 */
export const PYTHON_WORKER_CSP =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'";

/**
 * Caching: hashed assets (and Pyodide's versioned files) forever; the HTML entry must be
 * revalidated so a deploy is picked up at once; other public files (favicon, theme-init.js)
 * briefly. The Python worker's script also gets its own policy.
 */
const cacheHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status !== 200) return;
  if (c.res.headers.has("Cache-Control")) return;
  const isHtml = c.res.headers.get("content-type")?.includes("text/html") ?? false;
  const value = HASHED_ASSET.test(c.req.path)
    ? "public, max-age=31536000, immutable"
    : isHtml
      ? "no-cache"
      : "public, max-age=3600";
  c.res.headers.set("Cache-Control", value);
  if (PYTHON_WORKER.test(c.req.path))
    c.res.headers.set("Content-Security-Policy", PYTHON_WORKER_CSP);
});

/** The first-view values for an /app page request (who is signed in, the thread on screen, ...). */
export type FirstViewSource = (c: Context<AppEnv>, pathname: string) => Promise<FirstViewValues>;

/** An HTML page compressed: at the best ratio for one kept, faster for one made per request. */
function compressHtml(html: string, encoding: "br" | "gzip", kept: boolean): Buffer {
  return encoding === "br"
    ? zlib.brotliCompressSync(html, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: kept ? 9 : 5 },
      })
    : zlib.gzipSync(html, { level: kept ? 9 : 6 });
}

/** A prerendered page, compressed on first request per encoding. */
class HtmlPage {
  private readonly encoded = new Map<string, Buffer>();
  constructor(readonly html: string) {}

  body(encoding: "br" | "gzip" | null): string | Buffer {
    if (encoding === null) return this.html;
    let data = this.encoded.get(encoding);
    if (!data) {
      data = compressHtml(this.html, encoding, true);
      this.encoded.set(encoding, data);
    }
    return data;
  }
}

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

interface Prerendered {
  /** By path without a trailing slash ("/", "/faq", "/de", "/de/faq", "/blog?tag=x"). */
  pages: Map<string, HtmlPage>;
  notFound: HtmlPage | null;
  /** The not-found page in each language but English (by code). */
  notFounds: Map<string, HtmlPage>;
  blogSlugs: Set<string>;
  sitemap: string;
  appPreloads: AppPreload[];
  appShell: string;
  appFirstViews: AppFirstView[];
}

interface AppFirstView {
  matches: RegExp;
  fields: string[];
  html: string;
  /** The language it is drawn in, and its direction (none: any request's). */
  locale?: string;
  dir?: string;
}

interface AppPreload {
  matches: RegExp;
  files: string[];
}

/** A router pattern (`/app/agents/:agentId`, `/app/*`) as an anchored expression; "/" may end it. */
export function patternExpression(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((segment) =>
      segment === "*"
        ? ".*"
        : segment.startsWith(":")
          ? "[^/]+"
          : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/**
 * index.html for an /app path: the screen's scripts linked as modulepreload (the first pattern that
 * matches), so the browser fetches them with the entry instead of one round trip after another,
 * and #root holding what the screen shows first, painted with the CSS before any script runs: the
 * screen's first view when the request has every field it shows (its values escaped), else the
 * app's loading frame. The page around #root is made once per preload pattern.
 */
function appPageHtml(indexHtml: string, prerendered: Prerendered | null) {
  const made = new Map<AppPreload | null, string>();
  return (pathname: string, values: FirstViewValues): string => {
    const preload = prerendered?.appPreloads.find((p) => p.matches.test(pathname)) ?? null;
    let html = made.get(preload);
    if (html === undefined) {
      // Low priority: the first view (with the CSS) paints first, and the entry script keeps its
      // place ahead of them. At High, Lighthouse counts every one as holding the first paint back.
      const links = (preload?.files ?? [])
        .map(
          (file) =>
            `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeAttribute(file)}">`,
        )
        .join("\n    ");
      html = links ? indexHtml.replace("</head>", () => `  ${links}\n  </head>`) : indexHtml;
      made.set(preload, html);
    }
    const view = chooseFirstView(prerendered, pathname, values);
    const root = view ? fillFirstView(view.html, values) : (prerendered?.appShell ?? "");
    // data-first-view: the app keeps it up until the screen's first data is here (src/main.tsx).
    const page = html.replace(
      '<div id="root"></div>',
      () => `<div id="root"${view ? " data-first-view" : ""}>${root}</div>`,
    );
    // A first view in another language is drawn in it, and in its direction, from the start.
    return view?.locale === undefined
      ? page
      : page.replace(
          /<html\b[^>]*>/,
          `<html lang="${escapeAttribute(view.locale)}" dir="${escapeAttribute(view.dir ?? "ltr")}">`,
        );
  };
}

/**
 * The first view for an /app path: the first of the screen's, in the request's language
 * (`values.locale`, else English), whose fields `values` has; none (the loading frame) otherwise.
 */
function chooseFirstView(
  prerendered: Pick<Prerendered, "appFirstViews"> | null,
  pathname: string,
  values: FirstViewValues,
): AppFirstView | undefined {
  const locale = typeof values.locale === "string" ? values.locale : "en";
  return prerendered?.appFirstViews.find(
    (v) =>
      (v.locale === undefined || v.locale === locale) &&
      v.matches.test(pathname) &&
      v.fields.every((field) => values[field] !== undefined),
  );
}

/** Reads the prerendered pages (none when the build has no dist/prerendered). */
function loadPrerendered(webDist: string, appUrl: string): Prerendered | null {
  const dir = path.join(webDist, "prerendered");
  const manifestFile = path.join(dir, "manifest.json");
  if (!fs.existsSync(manifestFile)) return null;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as PrerenderManifest;
  const origin = escapeAttribute(appUrl);
  const read = (file: string) =>
    new HtmlPage(
      fs
        .readFileSync(path.join(dir, path.basename(file)), "utf8")
        .replaceAll(manifest.origin, origin),
    );
  return {
    pages: new Map(manifest.pages.map((page) => [trimmedKey(page.url), read(page.file)])),
    notFound: manifest.notFound ? read(manifest.notFound) : null,
    notFounds: new Map(
      Object.entries(manifest.notFounds ?? {}).map(([locale, file]) => [locale, read(file)]),
    ),
    blogSlugs: new Set(manifest.blogSlugs),
    sitemap: sitemapXml(manifest, appUrl),
    appPreloads: (manifest.appPreloads ?? []).map(({ pattern, files }) => ({
      matches: patternExpression(pattern),
      files,
    })),
    appShell: manifest.appShell ?? "",
    appFirstViews: (manifest.appFirstViews ?? []).map(({ pattern, fields, html, locale, dir }) => ({
      matches: patternExpression(pattern),
      fields,
      html,
      ...(locale ? { locale, dir: dir === "rtl" ? "rtl" : "ltr" } : {}),
    })),
  };
}

/** A page's URL as a key: without a trailing slash ("/de/" → "/de"; "/" stays). */
function trimmedKey(url: string): string {
  const cut = url.search(/[?#]/);
  const pathname = cut === -1 ? url : url.slice(0, cut);
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return `${trimmed}${cut === -1 ? "" : url.slice(cut)}`;
}

/** A public page's language prefix: /de/faq → "de" (two letters; English has none). */
const LOCALE_PREFIX = /^\/([a-z]{2})(?=\/|$)/;

/**
 * The prerendered page's key for a request: its path without a trailing slash, plus ?tag on
 * /blog (and /de/blog …).
 */
function pageKey(c: Context<AppEnv>): string {
  const pathname = trimmedKey(c.req.path);
  const blog = pathname.replace(LOCALE_PREFIX, "") === "/blog";
  const tag = blog ? c.req.query("tag") : undefined;
  return tag === undefined ? pathname : `${pathname}?${new URLSearchParams({ tag })}`;
}

/** The not-found page in the language of the path (/de/… German), else English. */
function notFoundPage(prerendered: Prerendered, pathname: string): HtmlPage | null {
  const locale = LOCALE_PREFIX.exec(pathname)?.[1];
  return (locale ? prerendered.notFounds.get(locale) : undefined) ?? prerendered.notFound;
}

/**
 * Paths the SPA renders itself: /app and everything under it (the app resolves its own routes and
 * shows its not-found page inside the shell), and the public pages with a query the prerender did
 * not cover (/blog?tag=unknown). Any other path is not a page of ours: 404.
 */
const isAppPath = (pathname: string) => pathname === "/app" || pathname.startsWith("/app/");

function isSpaPath(prerendered: Prerendered, pathname: string): boolean {
  if (isAppPath(pathname)) return true;
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return prerendered.pages.has(trimmed);
}

function preferredEncoding(accept: string | undefined): "br" | "gzip" | null {
  if (!accept) return null;
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return null;
}

/**
 * An /app page, compressed for this request: its first view may be the signed-in person's own
 * (their name, their thread), so no shared cache may keep it.
 */
function sendAppPage(c: Context<AppEnv>, html: string) {
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  const headers: Record<string, string> = {
    "Content-Type": "text/html; charset=UTF-8",
    "Cache-Control": "private, no-cache",
    Vary: "Accept-Encoding, Cookie",
  };
  if (encoding === null) return c.body(html, 200, headers);
  headers["Content-Encoding"] = encoding;
  return c.body(new Uint8Array(compressHtml(html, encoding, false)), 200, headers);
}

function sendPage(c: Context<AppEnv>, page: HtmlPage, status: 200 | 404) {
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  const headers: Record<string, string> = {
    "Content-Type": "text/html; charset=UTF-8",
    Vary: "Accept-Encoding",
  };
  if (encoding) headers["Content-Encoding"] = encoding;
  const body = page.body(encoding);
  return c.body(typeof body === "string" ? body : new Uint8Array(body), status, headers);
}

/**
 * Serves the built SPA (precompressed .br/.gz when the browser accepts them); app paths get
 * index.html. Public pages (/, /faq, /blog, each post, /book-demo, /contact) get their prerendered
 * HTML; an unknown post or any other unknown path outside /app the not-found page with 404;
 * robots.txt and sitemap.xml are made from the prerender's manifest and APP_URL.
 */
export function webRoutes(
  webDist: string,
  options: { appUrl?: string; firstView?: FirstViewSource } = {},
) {
  const indexFile = path.join(webDist, "index.html");
  const app = new Hono<AppEnv>();
  if (!fs.existsSync(indexFile)) {
    return app.get("*", (c) =>
      c.text(
        "The web app is not built. Run `npm run build` (or `npm start`, which builds it).",
        503,
      ),
    );
  }
  const appUrl = (options.appUrl ?? "").replace(/\/+$/, "");
  const indexHtml = fs.readFileSync(indexFile, "utf8");
  const prerendered = loadPrerendered(webDist, appUrl);
  const appHtml = appPageHtml(indexHtml, prerendered);
  const root = path.relative(process.cwd(), webDist) || ".";
  const text = { "Cache-Control": "public, max-age=3600" };
  return (
    app
      .use("*", cacheHeaders)
      .get("/robots.txt", (c) =>
        c.text(robotsTxt(appUrl), 200, { ...text, "Content-Type": "text/plain; charset=utf-8" }),
      )
      .get("/sitemap.xml", (c) =>
        prerendered
          ? c.body(prerendered.sitemap, 200, {
              ...text,
              "Content-Type": "application/xml; charset=utf-8",
            })
          : c.text("Not found", 404),
      )
      // The prerender's own files are served only through the routes below.
      .get("/prerendered/*", (c) => c.text("Not found", 404))
      .get("*", async (c, next) => {
        if (!prerendered) return next();
        const page = prerendered.pages.get(pageKey(c));
        if (page) return sendPage(c, page, 200);
        const slug = /^(?:\/[a-z]{2})?\/blog\/([^/]+)\/?$/.exec(c.req.path)?.[1];
        const notFound = notFoundPage(prerendered, c.req.path);
        if (slug !== undefined && notFound && !prerendered.blogSlugs.has(slug))
          return sendPage(c, notFound, 404);
        return next();
      })
      .use("*", serveStatic({ root, precompressed: true }))
      // A hashed asset that is not there (a stale tab after a deploy) is a 404, never index.html.
      .get("/assets/*", (c) => c.text("Not found", 404))
      .get("/pyodide/*", (c) => c.text("Not found", 404))
      .get("*", async (c) => {
        const notFound = prerendered ? notFoundPage(prerendered, c.req.path) : null;
        if (prerendered && notFound && !isSpaPath(prerendered, c.req.path))
          return sendPage(c, notFound, 404);
        if (!isAppPath(c.req.path)) return c.html(indexHtml);
        const values = options.firstView ? await options.firstView(c, c.req.path) : {};
        return sendAppPage(c, appHtml(c.req.path, values));
      })
  );
}
