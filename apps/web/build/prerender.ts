// `npm run build -w @nexus/web`, after `vite build`: renders every public page (landing, FAQ, blog,
// each post, book-a-demo, not-found) to HTML, so they are readable without JavaScript and indexable.
//
// 1. A Vite SSR build of src/entry-prerender.tsx (same content plugin, same components) into a
//    temporary folder.
// 2. For each page: React's static prerender of the same tree the browser hydrates, waiting for the
//    lazy pages and the article body; its <title>/<meta>/<link> tags move into <head>, and the
//    CSS of the page's chunks (from Vite's manifest) is linked there too.
// 3. dist/prerendered/<page>.html and dist/prerendered/manifest.json; apps/server/src/static.ts
//    serves them (with APP_URL in place of the placeholder origin) and builds sitemap.xml from the
//    manifest.
// Every page is written in each language: English at today's paths, the others under their code
// (/de/, /de/faq …, src/lib/i18n/locale-paths.ts), each with <html lang dir> and its hreflang
// alternates (src/components/seo/page-meta.tsx).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import type { PublicPage } from "../src/entry-prerender.tsx";
import { directionOf, type Locale } from "../src/lib/i18n/locales.ts";
import { cataloguePlugin } from "./catalogue-plugin.ts";
import { contentPlugin } from "./content-plugin.ts";

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(webRoot, "dist");
const outDir = path.join(dist, "prerendered");

/** What apps/server/src/static.ts reads. */
export interface PrerenderManifest {
  /** The origin written into canonical links; the server replaces it with APP_URL. */
  origin: string;
  pages: Array<Omit<PublicPage, "modules">>;
  /** The not-found page in English, and in each language (its file by locale). */
  notFound: string;
  notFounds: Partial<Record<Locale, string>>;
  /** Slugs of the blog posts: any other /blog/:slug is answered with the not-found page and 404. */
  blogSlugs: string[];
  /** The app's screens and the script files to preload with each (paths under dist/). */
  appPreloads: Array<{ pattern: string; files: string[] }>;
  /** The markup of #root in every /app page: the loading frame until the app renders. */
  appShell: string;
  /**
   * Screens' first views (the loading frame with the screen's main content), most specific first,
   * with the fields the server writes in (src/app/first-views.tsx).
   */
  appFirstViews: Array<{ pattern: string; fields: string[]; html: string }>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

type ViteManifest = Record<string, ManifestChunk>;

/** The CSS and script files of `keys` and everything they import statically. */
function closure(manifest: ViteManifest, keys: string[]): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in Vite's manifest`);
    for (const file of chunk.css ?? []) css.add(file);
    if (chunk.file.endsWith(".js")) js.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return { css: [...css], js: [...js] };
}

/** React writes hoistable tags (<title>, <meta>, <link>) ahead of the markup: split them off. */
export function splitHoisted(html: string): { head: string; body: string } {
  const leading = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)+/.exec(html);
  const head = leading?.[0] ?? "";
  return { head, body: html.slice(head.length) };
}

const OWN_META = /<title>[\s\S]*?<\/title>\s*|<meta\s+name="description"[^>]*>\s*/g;

/** index.html with the page's head tags and markup. */
export function pageDocument(options: {
  template: string;
  head: string;
  body: string;
  css: string[];
  /** The page's language: <html lang dir>. */
  locale?: Locale;
}): string {
  const { template, head, body, css, locale = "en" } = options;
  // The page's CSS is linked (no restyle when its chunk arrives); its JavaScript is not preloaded:
  // Lighthouse's mobile run measured FCP 2.4 s with ~20 modulepreloads competing with the CSS, 1.7 s
  // without. The page is readable at once; hydration waits for its chunks (src/main.tsx).
  const links = css
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" href="/${file}" />`)
    .join("\n    ");
  const withHead = template
    .replace(/<html\b[^>]*>/, `<html lang="${locale}" dir="${directionOf(locale)}">`)
    .replace(OWN_META, "")
    .replace("</head>", `  ${head.replaceAll("><", ">\n    <")}\n    ${links}\n  </head>`);
  if (!withHead.includes('<div id="root"></div>')) throw new Error("index.html lacks #root");
  return withHead
    .replace('<div id="root"></div>', () => `<div id="root" data-prerendered="">${body}</div>`)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, "");
}

async function main() {
  // Inside the workspace, so the server bundle resolves its dependencies from node_modules.
  const ssrOut = path.join(webRoot, "node_modules/.cache/nexus-prerender");
  try {
    await build({
      configFile: false,
      root: webRoot,
      logLevel: "warn",
      mode: "production",
      plugins: [contentPlugin(), cataloguePlugin(), react()],
      resolve: { alias: { "@": path.join(webRoot, "src") } },
      build: {
        ssr: "src/entry-prerender.tsx",
        outDir: ssrOut,
        emptyOutDir: true,
        rolldownOptions: {
          output: { entryFileNames: "entry-prerender.mjs", chunkFileNames: "[name]-[hash].mjs" },
          // The first views import screens the router loads lazily: in this one-off server bundle
          // nothing is split for the browser, so that is not worth a warning.
          onLog(level, log, handler) {
            if (log.code !== "INEFFECTIVE_DYNAMIC_IMPORT") handler(level, log);
          },
        },
      },
    });
    const entry = (await import(
      pathToFileURL(path.join(ssrOut, "entry-prerender.mjs")).href
    )) as typeof import("../src/entry-prerender.tsx");

    const template = fs.readFileSync(path.join(dist, "index.html"), "utf8");
    const manifest = JSON.parse(
      fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"),
    ) as ViteManifest;

    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir, { recursive: true });
    const pages = entry.publicPages();
    for (const page of pages) {
      const { head, body } = splitHoisted(await entry.renderPage(page.url));
      if (!head.includes("<title>")) throw new Error(`prerender: ${page.url} renders no <title>`);
      const { css } = closure(manifest, page.modules);
      const html = pageDocument({ template, head, body, css, locale: page.locale });
      fs.writeFileSync(path.join(outDir, page.file), html);
    }
    const notFound = (page: PublicPage) => page.url === entry.notFoundUrl(page.locale);
    const result: PrerenderManifest = {
      origin: entry.PRERENDER_ORIGIN,
      pages: pages.filter((page) => !notFound(page)).map(({ modules: _modules, ...page }) => page),
      notFound: "not-found.html",
      notFounds: Object.fromEntries(pages.filter(notFound).map((page) => [page.locale, page.file])),
      blogSlugs: pages.flatMap((p) =>
        p.url.startsWith("/blog/") && !notFound(p) ? [p.url.slice(6)] : [],
      ),
      appShell: await entry.renderAppShell(),
      appFirstViews: (await entry.renderFirstViews()).map((view) => ({
        ...view,
        html: splitHoisted(view.html).body,
      })),
      // The entry's own imports are preloaded by index.html already.
      appPreloads: entry.appPagePreloads().map(({ pattern, modules }) => ({
        pattern,
        files: closure(manifest, modules).js.filter((file) => !template.includes(`/${file}"`)),
      })),
    };
    fs.writeFileSync(path.join(outDir, "manifest.json"), `${JSON.stringify(result, null, 2)}\n`);
    console.log(`Prerendered ${pages.length} public pages into dist/prerendered/.`);
  } finally {
    fs.rmSync(ssrOut, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
