import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { DOMParser } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, createHarness, type Harness } from "../test/harness.ts";
import { presetAgent } from "./ai/agents/presets.ts";
import { createApp } from "./app.ts";
import { seedEntries } from "./modules/history/history-test-kit.ts";
import {
  escapeHtml,
  PYTHON_WORKER_CSP,
  patternExpression,
  robotsTxt,
  sitemapXml,
} from "./static.ts";

const ORIGIN = "https://app-url.nexus.invalid";
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
    ],
    notFound: "not-found.html",
    blogSlugs: ["first-post", "odd&'<"],
    appPreloads: [
      { pattern: "/app", files: ["assets/home-1.js", "assets/shell-1.js"] },
      { pattern: "/app/agents/custom", files: ["assets/custom-1.js", "assets/shell-1.js"] },
      { pattern: "/app/agents/:agentId", files: ["assets/preset-1.js", "assets/shell-1.js"] },
      { pattern: "/app/*", files: ["assets/shell-1.js"] },
    ],
    appShell: '<div data-testid="sidebar-skeleton">Loading...</div>',
    appFirstViews: [
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
      {
        pattern: "/app/search/:queryAndId",
        fields: ["question", "answer"],
        html: "<main><h1>%%nexus:question%%</h1><div>%%nexus:answer%%</div></main>",
      },
    ],
  };
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
}

let h: Harness;
let dist: string;
let app: ReturnType<typeof createApp>;
const script = `console.log(${JSON.stringify("x".repeat(4000))});`;
/** A WebAssembly module's header and some bytes. */
const WASM = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(4000)]);

beforeAll(async () => {
  h = await createHarness();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-dist-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><head><title>Nexus</title></head><body><div id="root"></div></body>',
  );
  fs.writeFileSync(path.join(dist, "assets/app-abc123.js"), script);
  fs.writeFileSync(path.join(dist, "assets/app-abc123.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, "theme-init.js"), "void 0;");
  fs.writeFileSync(path.join(dist, "assets/python-worker-Ab_1.js"), "void 0;");
  fs.mkdirSync(path.join(dist, "pyodide/314.0.7"), { recursive: true });
  fs.writeFileSync(path.join(dist, "pyodide/314.0.7/pyodide.asm.wasm"), WASM);
  fs.writeFileSync(path.join(dist, "pyodide/314.0.7/pyodide.asm.wasm.gz"), zlib.gzipSync(WASM));
  writePrerendered(dist);
  app = createApp(h.deps, { webDist: dist });
});
afterAll(async () => {
  fs.rmSync(dist, { recursive: true, force: true });
  await h.close();
});

describe("serving the built web app", () => {
  it("answers every app path with index.html, revalidated, under the CSP and security headers (G4)", async () => {
    for (const url of ["/app", "/app/settings", "/app/no/such/page", "/blog?tag=unknown"]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      // An /app page may show who is signed in (its first view): no shared cache keeps it.
      expect(res.headers.get("cache-control")).toBe(
        url.startsWith("/app") ? "private, no-cache" : "no-cache",
      );
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBeTruthy();
    }
  });

  it("puts the loading frame in every /app page and preloads the scripts of the screen's first matching pattern", async () => {
    const preloads = (html: string) =>
      [
        ...html.matchAll(
          /<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g,
        ),
      ].map((m) => m[1]);
    const cases: Array<[string, string[]]> = [
      ["/app", ["/assets/home-1.js", "/assets/shell-1.js"]],
      ["/app/agents/custom", ["/assets/custom-1.js", "/assets/shell-1.js"]],
      ["/app/agents/quick-answer", ["/assets/preset-1.js", "/assets/shell-1.js"]],
      ["/app/agents/quick-answer/", ["/assets/preset-1.js", "/assets/shell-1.js"]],
      ["/app/agents/quick-answer/thread-1", ["/assets/shell-1.js"]],
      ["/app/no/such/page", ["/assets/shell-1.js"]],
    ];
    for (const [url, files] of cases) {
      const html = await (await app.request(url)).text();
      expect(preloads(html), url).toEqual(files);
      // The links are in <head>; #root holds the frame (or /app's first view, anonymous).
      expect(html.indexOf("modulepreload"), url).toBeLessThan(html.indexOf("</head>"));
      expect(html, url).toContain(
        url === "/app"
          ? '<div id="root"><main><h1>Ask?</h1></main></div>'
          : '<div id="root"><div data-testid="sidebar-skeleton">Loading...</div></div>',
      );
    }
    // Outside /app the SPA's page stays as built: no frame, no preloads.
    const other = await (await app.request("/blog?tag=unknown")).text();
    expect(other).toContain('<div id="root"></div>');
    expect(preloads(other)).toEqual([]);
  });

  it("draws a screen's first view with the request's own values, escaped; without them, the frame", async () => {
    const root = async (url: string, cookie?: string) => {
      const res = await app.request(url, cookie ? { headers: { cookie } } : {});
      expect(res.headers.get("cache-control"), url).toBe("private, no-cache");
      expect(res.headers.get("vary"), url).toContain("Cookie");
      const html = await res.text();
      return html.slice(html.indexOf('<div id="root">'), html.indexOf("</body>"));
    };
    const FRAME = '<div id="root"><div data-testid="sidebar-skeleton">Loading...</div></div>';
    const owner = await h.signIn("first-view-owner@acme.com");
    const other = await h.signIn("first-view-other@acme.com");
    await h.deps.db.execute(
      sql`update users set name = ${`<img src=x onerror=alert(1)>&amp; Smith`} where id = ${owner.userId}`,
    );
    await seedEntries(h, [
      {
        userId: owner.userId,
        threadId: "FirstView1",
        timestamp: new Date(),
        query: `<script>alert("q")</script> and 'quotes'`,
        markdown: "**Bold** </div><img src=x onerror=alert(2)> 2 > 1",
      },
    ]);

    // The home screen greets a signed-in person by their first name; anyone else plainly.
    expect(await root("/app", owner.cookie)).toBe(
      '<div id="root"><main><h1>Ask, &lt;img?</h1></main></div>',
    );
    expect(await root("/app")).toBe('<div id="root"><main><h1>Ask?</h1></main></div>');

    // A saved thread: its owner sees its first question and answer, as text.
    const thread = "/app/search/what-is-it-FirstView1";
    expect(await root(thread, owner.cookie)).toBe(
      '<div id="root"><main><h1>&lt;script&gt;alert(&quot;q&quot;)&lt;/script&gt; and &#39;quotes&#39;</h1>' +
        "<div>**Bold** &lt;/div&gt;&lt;img src=x onerror=alert(2)&gt; 2 &gt; 1</div></main></div>",
    );
    // Someone else, an anonymous visitor, or a thread that is not there: nothing of it.
    for (const [url, cookie] of [
      [thread, other.cookie],
      [thread, undefined],
      ["/app/search/what-is-it-NoSuchThread", owner.cookie],
      ["/app/search/bad%E0%A4%A", owner.cookie],
    ] as const) {
      expect(
        await root(url, cookie),
        `${url} ${cookie === owner.cookie ? "owner" : cookie ? "other" : "anonymous"}`,
      ).toBe(FRAME);
    }

    // A preset agent's new chat: its name, description and one list item per starter.
    const agent = presetAgent("quick-answer");
    if (!agent) throw new Error("no quick-answer preset");
    const chat = await root("/app/agents/quick-answer", other.cookie);
    expect(chat).toContain(`<h1>${agent.name}</h1>`);
    expect(chat.match(/<li class="s"><button disabled="">/g)).toHaveLength(agent.starters.length);
    for (const starter of agent.starters) expect(chat).toContain(escapeHtml(starter));
    expect(chat).not.toContain("%%nexus:");
    // Not for an anonymous visitor, a custom agent, a form or an agent needing the missing model.
    expect(h.deps.models.configured).toBe(false);
    for (const [url, cookie] of [
      ["/app/agents/quick-answer", undefined],
      ["/app/agents/custom", other.cookie],
      ["/app/agents/title-generator", other.cookie],
      ["/app/agents/writer", other.cookie],
      ["/app/agents/quick-answer/T1", other.cookie],
    ] as const) {
      expect(await root(url, cookie), url).toBe(FRAME);
    }

    // Compressed for the browser that asks, the same page.
    const br = await app.request(thread, {
      headers: { cookie: owner.cookie, "accept-encoding": "br, gzip" },
    });
    expect(br.headers.get("content-encoding")).toBe("br");
    const body = zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(body).toContain("&lt;script&gt;alert(&quot;q&quot;)");
  });

  it("reads router patterns as anchored expressions (unit)", () => {
    const agent = patternExpression("/app/agents/:agentId");
    expect(agent.test("/app/agents/writer")).toBe(true);
    expect(agent.test("/app/agents/writer/")).toBe(true);
    expect(agent.test("/app/agents/writer/t1")).toBe(false);
    expect(agent.test("/app/agents")).toBe(false);
    expect(agent.test("/xapp/agents/writer")).toBe(false);
    expect(patternExpression("/app/search.x").test("/app/searchXx")).toBe(false);
    const any = patternExpression("/app/*");
    expect(any.test("/app/a/b/c")).toBe(true);
    expect(any.test("/application")).toBe(false);
  });

  it("answers an unknown share link with the app's HTML as a 404, under the CSP and noindex", async () => {
    const res = await app.request("/share/abc");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  it("sends hashed assets precompressed and cached for a year", async () => {
    const res = await app.request("/assets/app-abc123.js", {
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
    const plain = await app.request("/assets/app-abc123.js");
    expect(await plain.text()).toBe(script);
  });

  it("answers a missing asset with 404, not the HTML page", async () => {
    const res = await app.request("/assets/gone-999.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).not.toContain("text/html");
  });

  it("serves Pyodide's versioned files as application/wasm, precompressed, cached for a year", async () => {
    const res = await app.request("/pyodide/314.0.7/pyodide.asm.wasm", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/wasm");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer()))).toEqual(WASM);
    const missing = await app.request("/pyodide/314.0.7/numpy.whl");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).not.toContain("text/html");
  });

  it("allows WebAssembly only in the Python worker's own policy, never in the page's", async () => {
    const worker = await app.request("/assets/python-worker-Ab_1.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-security-policy")).toBe(PYTHON_WORKER_CSP);
    expect(PYTHON_WORKER_CSP).toContain("'wasm-unsafe-eval'");
    expect(PYTHON_WORKER_CSP).toContain("connect-src 'self'");
    const other = await app.request("/assets/app-abc123.js");
    expect(other.headers.get("content-security-policy")).toBeNull();
    const page = await app.request("/app/agents/interactive-python-course");
    expect(page.headers.get("content-security-policy")).not.toContain("wasm");
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    const res = await app.request("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
  });
});

describe("prerendered public pages", () => {
  it("answers each public path with its own prerendered HTML, canonical from APP_URL, revalidated, under the CSP", async () => {
    const cases: Array<[string, string]> = [
      ["/", "Answers you can trust"],
      ["/faq", "Is Nexus free?"],
      ["/faq/", "Is Nexus free?"],
      ["/blog", "First"],
      ["/blog/first-post", "Body of the first post"],
      ["/book-demo", "<form>"],
      ["/contact", "<form>"],
    ];
    for (const [url, content] of cases) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      const html = await res.text();
      expect(html, url).toContain(content);
      expect(html, url).toContain('data-prerendered=""');
      expect(html, url).not.toContain(ORIGIN);
      expect(res.headers.get("cache-control"), url).toBe("no-cache");
      expect(res.headers.get("content-security-policy"), url).toContain("script-src 'self'");
    }
    const faq = await (await app.request("/faq")).text();
    expect(faq).toContain(`<link rel="canonical" href="${APP_URL}/faq"/>`);
  });

  it("serves a tag's prerendered list only for a known tag", async () => {
    expect(await (await app.request("/blog?tag=a%26b")).text()).toContain("tagged");
    expect(await (await app.request("/blog?tag=zzz")).text()).toContain('<div id="root">');
  });

  it("answers an unknown post, and any unknown path outside /app, with the not-found page and 404 (noindex)", async () => {
    for (const url of [
      "/blog/no-such-post",
      "/blog/no-such-post/",
      "/no/such/page",
      "/faq/more",
      "/application",
      "/index.php?x=1",
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      const html = await res.text();
      expect(html).toContain("Page not found");
      expect(html).toContain('content="noindex"');
      expect(res.headers.get("content-type")).toContain("text/html");
    }
  });

  it("sends prerendered pages compressed when the browser accepts it", async () => {
    const br = await app.request("/faq", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    const html = zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(html).toContain("Is Nexus free?");
    const gz = await app.request("/faq", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
  });

  it("does not serve the prerender's own files", async () => {
    for (const url of ["/prerendered/manifest.json", "/prerendered/faq.html"]) {
      expect((await app.request(url)).status, url).toBe(404);
    }
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists the public pages and every post with absolute APP_URL addresses, escaped, as valid XML", async () => {
    const res = await app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    const doc = new DOMParser().parseFromString(xml, "text/xml");
    expect(doc.documentElement.nodeName).toBe("urlset");
    expect(doc.documentElement.getAttribute("xmlns")).toBe(
      "http://www.sitemaps.org/schemas/sitemap/0.9",
    );
    const urls = [...doc.getElementsByTagName("url")].map((url) => ({
      loc: url.getElementsByTagName("loc")[0]?.textContent,
      lastmod: url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
    }));
    expect(urls).toEqual([
      { loc: `${APP_URL}/`, lastmod: null },
      { loc: `${APP_URL}/faq`, lastmod: null },
      { loc: `${APP_URL}/blog`, lastmod: "2026-11-22" },
      { loc: `${APP_URL}/blog/first-post`, lastmod: "2026-11-22" },
      { loc: `${APP_URL}/blog/odd&'<`, lastmod: "2026-01-02" },
      { loc: `${APP_URL}/book-demo`, lastmod: null },
    ]);
    expect(xml).toContain("/blog/odd&amp;&apos;&lt;</loc>");
  });

  it("builds the sitemap from a manifest (unit)", () => {
    const xml = sitemapXml(
      {
        origin: ORIGIN,
        pages: [{ url: "/a?b=1&c=2", file: "a.html", sitemap: true }],
        notFound: "",
        blogSlugs: [],
      },
      "https://example.org",
    );
    expect(xml).toContain("<loc>https://example.org/a?b=1&amp;c=2</loc>");
  });

  it("robots.txt allows the public pages, keeps crawlers out of /app, /api and /share, and names the sitemap", async () => {
    const res = await app.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const lines = (await res.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /app");
    expect(lines).toContain("Disallow: /api");
    expect(lines).toContain("Disallow: /share");
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    expect(robotsTxt("https://x.example")).toContain("Sitemap: https://x.example/sitemap.xml");
  });
});
