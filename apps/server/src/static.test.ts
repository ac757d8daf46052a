import zlib from "node:zlib";
import { DOMParser } from "linkedom";
import { describe, expect, it } from "vitest";
import { APP_URL } from "../test/harness.ts";
import { ORIGIN, script, WASM, webAppForTests } from "../test/support/static-test-kit.ts";
import { robotsTxt, sitemapXml } from "./prerendered.ts";
import { PYTHON_WORKER_CSP, patternExpression } from "./static.ts";

const web = webAppForTests();

describe("serving the built web app", () => {
  it("answers every app path with index.html, revalidated, under the CSP and security headers (G4)", async () => {
    for (const url of ["/app", "/app/settings", "/app/no/such/page", "/blog?tag=unknown"]) {
      const res = await web.app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain('<div id="root"');
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
      const html = await (await web.app.request(url)).text();
      expect(preloads(html), url).toEqual(files);
      // The links are in <head>; #root holds the frame (or /app's first view, anonymous).
      expect(html.indexOf("modulepreload"), url).toBeLessThan(html.indexOf("</head>"));
      expect(html, url).toContain(
        url === "/app"
          ? '<div id="root" data-first-view><main><h1>Ask?</h1></main></div>'
          : '<div id="root"><div data-testid="sidebar-skeleton">Loading...</div></div>',
      );
    }
    // Outside /app the SPA's page stays as built: no frame, no preloads.
    const other = await (await web.app.request("/blog?tag=unknown")).text();
    expect(other).toContain('<div id="root"></div>');
    expect(preloads(other)).toEqual([]);
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
    const res = await web.app.request("/share/abc");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  it("sends hashed assets precompressed and cached for a year", async () => {
    const res = await web.app.request("/assets/app-abc123.js", {
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
    const plain = await web.app.request("/assets/app-abc123.js");
    expect(await plain.text()).toBe(script);
  });

  it("answers a missing asset with 404, not the HTML page", async () => {
    const res = await web.app.request("/assets/gone-999.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).not.toContain("text/html");
  });

  it("serves Pyodide's versioned files as application/wasm, precompressed, cached for a year", async () => {
    const res = await web.app.request("/pyodide/314.0.7/pyodide.asm.wasm", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/wasm");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer()))).toEqual(WASM);
    const missing = await web.app.request("/pyodide/314.0.7/numpy.whl");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).not.toContain("text/html");
  });

  it("allows WebAssembly only in the Python worker's own policy, never in the page's", async () => {
    const worker = await web.app.request("/assets/python-worker-Ab_1.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-security-policy")).toBe(PYTHON_WORKER_CSP);
    expect(PYTHON_WORKER_CSP).toContain("'wasm-unsafe-eval'");
    expect(PYTHON_WORKER_CSP).toContain("connect-src 'self'");
    const other = await web.app.request("/assets/app-abc123.js");
    expect(other.headers.get("content-security-policy")).toBeNull();
    const page = await web.app.request("/app/agents/interactive-python-course");
    expect(page.headers.get("content-security-policy")).not.toContain("wasm");
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    const res = await web.app.request("/api/nope");
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
      const res = await web.app.request(url);
      expect(res.status, url).toBe(200);
      const html = await res.text();
      expect(html, url).toContain(content);
      expect(html, url).toContain('data-prerendered=""');
      expect(html, url).not.toContain(ORIGIN);
      expect(res.headers.get("cache-control"), url).toBe("no-cache");
      expect(res.headers.get("content-security-policy"), url).toContain("script-src 'self'");
    }
    const faq = await (await web.app.request("/faq")).text();
    expect(faq).toContain(`<link rel="canonical" href="${APP_URL}/faq"/>`);
  });

  it("serves a tag's prerendered list only for a known tag", async () => {
    expect(await (await web.app.request("/blog?tag=a%26b")).text()).toContain("tagged");
    expect(await (await web.app.request("/blog?tag=zzz")).text()).toContain('<div id="root">');
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
      const res = await web.app.request(url);
      expect(res.status, url).toBe(404);
      const html = await res.text();
      expect(html).toContain("Page not found");
      expect(html).toContain('content="noindex"');
      expect(res.headers.get("content-type")).toContain("text/html");
    }
  });

  it("serves each language's version under its code (/fr/, /fr/faq), its own not-found page under it", async () => {
    const cases: Array<[string, string]> = [
      ["/fr/", "Des réponses fiables"],
      ["/fr", "Des réponses fiables"],
      ["/fr/faq/", "Questions fréquentes"],
      ["/fr/blog?tag=a%26b", "étiqueté"],
    ];
    for (const [url, content] of cases) {
      const res = await web.app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain(content);
    }
    for (const url of ["/fr/blog/no-such-post", "/fr/nope", "/fr/app"]) {
      const res = await web.app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).toContain("Page introuvable");
    }
    // A language without pages of its own, and English's, are not prefixes.
    expect(await (await web.app.request("/xx/faq")).text()).toContain("Page not found");
    expect((await web.app.request("/en/faq")).status).toBe(404);
  });

  it("sends prerendered pages compressed when the browser accepts it", async () => {
    const br = await web.app.request("/faq", {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    const html = zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(html).toContain("Is Nexus free?");
    const gz = await web.app.request("/faq", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);
  });

  it("does not serve the prerender's own files", async () => {
    for (const url of ["/prerendered/manifest.json", "/prerendered/faq.html"]) {
      expect((await web.app.request(url)).status, url).toBe(404);
    }
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("lists the public pages and every post with absolute APP_URL addresses, escaped, as valid XML", async () => {
    const res = await web.app.request("/sitemap.xml");
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
      { loc: `${APP_URL}/fr/`, lastmod: null },
      { loc: `${APP_URL}/fr/faq`, lastmod: null },
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
    const res = await web.app.request("/robots.txt");
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
