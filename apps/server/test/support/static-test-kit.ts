import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../../src/app.ts";
import { createHarness, type Harness } from "../harness.ts";

/**
 * A built web app (apps/web/dist) for the server's static-route tests: index.html, hashed assets,
 * Pyodide's files and dist/prerendered/ as apps/web/build/prerender.ts writes it.
 */
export const ORIGIN = "https://app-url.nexus.invalid";
const page = (title: string, body: string, canonical?: string) =>
  `<!doctype html><html><head><title>${title}</title>${
    canonical ? `<link rel="canonical" href="${ORIGIN}${canonical}"/>` : ""
  }</head><body><div id="root" data-prerendered=""><main><h1>${title}</h1>${body}</main></div></body></html>`;

/** A dist/prerendered/ as apps/web/build/prerender.ts writes it. */
function writePrerendered(dist: string) {
  const dir = path.join(dist, "prerendered");
  fs.mkdirSync(dir);
  const files: Record<string, string> = {
    "landing.html": page("Nexus", "<p>Answers you can trust</p>", "/"),
    "faq.html": page("FAQ", `<p>${"Is Nexus free? ".repeat(200)}</p>`, "/faq"),
    "blog.html": page("Blog", '<a href="/blog/first-post">First</a>', "/blog"),
    "blog-tag-0.html": page("Blog", "<p>tagged “a&amp;b”</p>", "/blog"),
    "blog-first-post.html": page("First post", "<p>Body of the first post</p>", "/blog/first-post"),
    "blog-odd.html": page("Odd", "<p>odd</p>", "/blog/odd&'<"),
    "book-demo.html": page("Book a demo", "<form></form>", "/book-demo"),
    "not-found.html": page("Page not found", '<meta name="robots" content="noindex"/>'),
    "fr-landing.html": page("Nexus", "<p>Des réponses fiables</p>", "/fr/"),
    "fr-faq.html": page("FAQ", "<p>Questions fréquentes</p>", "/fr/faq"),
    "fr-blog-tag-0.html": page("Blog", "<p>étiqueté “a&amp;b”</p>", "/fr/blog"),
    "fr-not-found.html": page("Page introuvable", '<meta name="robots" content="noindex"/>'),
  };
  for (const [file, html] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), html);
  const manifest = {
    origin: ORIGIN,
    pages: [
      { url: "/", file: "landing.html", sitemap: true },
      { url: "/faq", file: "faq.html", sitemap: true },
      { url: "/blog", file: "blog.html", sitemap: true, lastmod: "2026-11-22" },
      { url: "/blog?tag=a%26b", file: "blog-tag-0.html", sitemap: false },
      {
        url: "/blog/first-post",
        file: "blog-first-post.html",
        sitemap: true,
        lastmod: "2026-11-22",
      },
      { url: "/blog/odd&'<", file: "blog-odd.html", sitemap: true, lastmod: "2026-01-02" },
      { url: "/book-demo", file: "book-demo.html", sitemap: true },
      { url: "/contact", file: "book-demo.html", sitemap: false },
      { url: "/fr/", file: "fr-landing.html", sitemap: true, locale: "fr" },
      { url: "/fr/faq", file: "fr-faq.html", sitemap: true, locale: "fr" },
      { url: "/fr/blog?tag=a%26b", file: "fr-blog-tag-0.html", sitemap: false, locale: "fr" },
    ],
    notFound: "not-found.html",
    notFounds: { fr: "fr-not-found.html" },
    blogSlugs: ["first-post", "odd&'<"],
    appPreloads: [
      { pattern: "/app", files: ["assets/home-1.js", "assets/shell-1.js"] },
      { pattern: "/app/agents/custom", files: ["assets/custom-1.js", "assets/shell-1.js"] },
      { pattern: "/app/agents/:agentId", files: ["assets/preset-1.js", "assets/shell-1.js"] },
      { pattern: "/app/*", files: ["assets/shell-1.js"] },
    ],
    appShell: '<div data-testid="sidebar-skeleton">Loading...</div>',
    appFirstViews: [
      // In a language of its own (the request's, first-view.ts), in its direction.
      { pattern: "/app", fields: [], html: "<main><h1>Demander ?</h1></main>", locale: "fr" },
      {
        pattern: "/app",
        fields: [],
        html: "<main><h1>اسأل؟</h1></main>",
        locale: "ar",
        dir: "rtl",
      },
      {
        pattern: "/app/agents",
        fields: ["signedIn", "agentCards", "agentsRecent"],
        html:
          "<main>%%nexus-if:agentsRecent%%<h2>Recent</h2><ul>%%nexus-each:agentsRecent%%<li>%%nexus:agentsRecent.name%%</li>%%nexus-end:agentsRecent%%</ul>%%nexus-fi%%" +
          '<ul>%%nexus-each:agentCards%%<li><a href="/app/agents/%25%25nexus%3AagentCards.id%25%25">%%nexus:agentCards.name%%</a>' +
          "%%nexus-if:agentCards.icon=book-open%%<svg/>%%nexus-fi%%%%nexus-if:agentCards.needsModel%%<b>!</b>%%nexus-fi%%</li>%%nexus-end:agentCards%%</ul></main>",
      },
      {
        pattern: "/app/discover",
        fields: ["discoverTopic", "discoverProvider", "discoverTime", "discoverCards"],
        html:
          '<main><section data-topic="%%nexus:discoverTopic%%">%%nexus-if:discoverOffline%%<p>Offline</p>%%nexus-fi%%<p>%%nexus:discoverTime%%</p>' +
          "%%nexus-each:discoverCards%%<article><h2>%%nexus:discoverCards.title%%</h2>" +
          '%%nexus-if:discoverCards.link=guide%%<a href="%%nexus:discoverCards.href%%">Read guide</a>%%nexus-fi%%</article>%%nexus-end:discoverCards%%</section></main>',
      },
      {
        pattern: "/app",
        fields: ["firstName"],
        html: "<main><h1>Ask, %%nexus:firstName%%?</h1></main>",
      },
      { pattern: "/app", fields: [], html: "<main><h1>Ask?</h1></main>" },
      {
        pattern: "/app/agents/:agentId",
        fields: ["agentName", "agentDescription", "agentStarters"],
        html: '<main><h1>%%nexus:agentName%%</h1><p>%%nexus:agentDescription%%</p><ul><li class="s"><button disabled="">%%nexus:agentStarters%%</button></li></ul></main>',
      },
      ...["documentText", "documentSheet", "documentSlides"].map((subject) => ({
        pattern: "/app/document-chat/:documentId",
        fields: ["documentName", subject],
        html: `<main><h1>%%nexus:documentName%%</h1><p>${subject}</p></main>`,
      })),
      {
        pattern: "/app/search/:queryAndId",
        fields: ["question", "answer"],
        html: "<main><h1>%%nexus:question%%</h1><div>%%nexus:answer%%</div></main>",
      },
    ],
  };
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
}

export const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
/** A WebAssembly module's header and some bytes. */
export const WASM = Buffer.concat([
  Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]),
  Buffer.alloc(4000),
]);

/** Writes the built app into a new temporary directory and returns its path. */
export function writeWebDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-dist-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html lang="en"><head><title>Nexus</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dist, "assets/app-abc123.js"), script);
  fs.writeFileSync(path.join(dist, "assets/app-abc123.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, "theme-init.js"), "void 0;");
  fs.writeFileSync(path.join(dist, "assets/python-worker-Ab_1.js"), "void 0;");
  fs.mkdirSync(path.join(dist, "pyodide/314.0.7"), { recursive: true });
  fs.writeFileSync(path.join(dist, "pyodide/314.0.7/pyodide.asm.wasm"), WASM);
  fs.writeFileSync(path.join(dist, "pyodide/314.0.7/pyodide.asm.wasm.gz"), zlib.gzipSync(WASM));
  writePrerendered(dist);
  return dist;
}

/** The real app serving a fresh copy of that build, for one test file (its hooks set it up). */
export function webAppForTests(): {
  readonly h: Harness;
  readonly app: ReturnType<typeof createApp>;
} {
  let h: Harness | undefined;
  let app: ReturnType<typeof createApp> | undefined;
  let dist = "";
  beforeAll(async () => {
    h = await createHarness();
    dist = writeWebDist();
    app = createApp(h.deps, { webDist: dist });
  });
  afterAll(async () => {
    fs.rmSync(dist, { recursive: true, force: true });
    await h?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the web app is set up in beforeAll");
    return value;
  };
  return {
    get h() {
      return ready(h);
    },
    get app() {
      return ready(app);
    },
  };
}
