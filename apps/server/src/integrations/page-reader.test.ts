import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPages } from "./page-reader.ts";
import { pageText } from "./page-text/page-text.ts";
import { closePageTextWorkers, warmPageText } from "./page-text/page-text-pool.ts";
import type { SearchResult } from "./search/types.ts";
import { createWebFetch, type FetchPage } from "./web-fetch.ts";

const ARTICLE = `<!doctype html><html><head><title>Tides</title><script>var secret = 1;</script></head>
<body><nav>Home · About · Contact</nav><article><h1>How tides work</h1>
${"<p>The gravitational pull of the moon raises a bulge of water on the near side of the Earth, and a second bulge forms on the far side. </p>".repeat(6)}
</article><footer>Copyright</footer></body></html>`;

let server: http.Server;
let base = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/article") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(ARTICLE);
    } else if (req.url === "/short") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body><div>Only a short body text.</div></body></html>");
    } else if (req.url === "/plain") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("Plain   text\n\n\npage");
    } else if (req.url === "/stall") {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<html><body>");
    } else if (req.url === "/late") {
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("Late page");
      }, 60_000).unref();
    } else if (req.url === "/image") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end("PNG");
    } else {
      res.writeHead(500);
      res.end("broken");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A worker started from source loads TypeScript first: the 800 ms budgets below are for reading.
  await warmPageText();
});
afterAll(async () => {
  await closePageTextWorkers();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const web = (path: string): SearchResult => ({
  title: path,
  url: `${base}${path}`,
  snippet: `snippet of ${path}`,
  source: "web",
});

function countingFetch(): { fetchPage: FetchPage; urls: string[] } {
  const { fetchPage } = createWebFetch({ allowAddresses: ["127.0.0.1"] });
  const urls: string[] = [];
  return {
    urls,
    fetchPage: (options) => {
      urls.push(options.url);
      return fetchPage(options);
    },
  };
}

describe("page reader", () => {
  it("reads the article text without scripts or navigation, trimmed to maxChars", () => {
    const { text } = pageText({ html: ARTICLE, contentType: "text/html", maxChars: 300 });
    expect(text).toContain("gravitational pull of the moon");
    expect(text).not.toContain("secret");
    expect(text).not.toContain("Contact");
    expect(text.length).toBeLessThanOrEqual(300);
  });

  it("fills content of readable pages, skips failing, slow and non-text ones", async () => {
    const fetcher = countingFetch();
    const results = [
      web("/article"),
      web("/short"),
      web("/plain"),
      web("/broken"),
      web("/stall"),
      web("/image"),
    ];
    // The stalled page ends at its own time limit (the call returns), keeping its snippet.
    const read = await readPages({
      fetchPage: fetcher.fetchPage,
      results,
      limits: { pages: 6, perPageMs: 1500, totalMs: 3000 },
    });
    expect(read.map((r) => r.url)).toEqual(results.map((r) => r.url));
    expect(read[0]?.content).toContain("How tides work");
    expect(read[1]?.content).toBe("Only a short body text.");
    expect(read[2]?.content).toBe("Plain text\npage");
    for (const failed of read.slice(3)) expect(failed.content).toBeUndefined();
  });

  it("reads only the first N web results and never fetches knowledge results", async () => {
    const fetcher = countingFetch();
    const knowledge: SearchResult = {
      title: "Help",
      url: "/help/x",
      snippet: "s",
      content: "already here",
      source: "knowledge",
    };
    const read = await readPages({
      fetchPage: fetcher.fetchPage,
      results: [knowledge, web("/article"), web("/plain"), web("/short")],
      limits: { pages: 2 },
    });
    expect(fetcher.urls).toEqual([`${base}/article`, `${base}/plain`]);
    expect(read[0]).toEqual(knowledge);
    expect(read[3]?.content).toBeUndefined();
  });

  it("ends at its budget: pages read in time are used, the rest keep their snippets", async () => {
    const fetcher = countingFetch();
    const results = [web("/article"), web("/late"), web("/stall"), web("/plain")];
    const read = await readPages({
      fetchPage: fetcher.fetchPage,
      results,
      limits: { totalMs: 1500, perPageMs: 60_000 },
    });
    expect(read[0]?.content).toContain("How tides work");
    expect(read[1]).toEqual(results[1]);
    expect(read[2]).toEqual(results[2]);
    expect(read[3]?.content).toBe("Plain text\npage");
  });

  it("stops reading when the caller aborts", async () => {
    const fetcher = countingFetch();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const read = await readPages({
      fetchPage: fetcher.fetchPage,
      results: [web("/stall")],
      signal: controller.signal,
    });
    // The page stalls for ever: ending at all is the abort's doing (bound generous for a busy machine).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(read[0]?.content).toBeUndefined();
  });
});
