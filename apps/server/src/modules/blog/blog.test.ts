import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DOMParser } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, createHarness, type Harness } from "../../../test/harness.ts";
import { CONTENT_DIR } from "../../integrations/search/knowledge-index.ts";
import { buildRssFeed, escapeXml, type FeedPost, readFeedPosts, rfc822 } from "./blog.feed.ts";
import { blogRoutes } from "./blog.routes.ts";

/**
 * A strict well-formedness check (linkedom's parser forgives anything): every tag closes in order,
 * every & starts an entity, no < or > in text, one root element.
 */
function assertWellFormed(xml: string) {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  let roots = 0;
  for (const token of body.split(/(<[^>]*>)/).filter((t) => t !== "")) {
    if (token.startsWith("<")) {
      const tag = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>$/.exec(token);
      expect(tag, token).not.toBeNull();
      const [, closing, name = "", , selfClosing] = tag ?? [];
      if (closing) expect(stack.pop(), token).toBe(name);
      else if (!selfClosing) {
        if (stack.length === 0) roots++;
        stack.push(name);
      }
    } else {
      expect(token, "raw > in text").not.toContain(">");
      expect(token.replace(/&(?:amp|lt|gt|quot|apos|#\d+);/g, ""), "bare &").not.toContain("&");
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

const posts = fs.readdirSync(path.join(CONTENT_DIR, "blog")).filter((f) => f.endsWith(".md"));

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("GET /blog/rss.xml", () => {
  it("is a well-formed RSS 2.0 feed listing every post with absolute APP_URL links", async () => {
    const res = await h.request("/blog/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await res.text();
    assertWellFormed(xml);

    const doc = new DOMParser().parseFromString(xml, "text/xml");
    expect(doc.querySelector("rss")?.getAttribute("version")).toBe("2.0");
    expect(doc.querySelector("channel > title")?.textContent).toBe("Nexus blog");
    const items = [...doc.querySelectorAll("item")];
    expect(items.length).toBe(posts.length);
    const links = items.map((item) => item.querySelector("link")?.textContent ?? "");
    expect(links.sort()).toEqual(posts.map((f) => `${APP_URL}/blog/${f.slice(0, -3)}`).sort());
    const dates: number[] = [];
    for (const item of items) {
      expect(item.querySelector("title")?.textContent?.length).toBeGreaterThan(3);
      expect(item.querySelector("guid")?.textContent).toBe(item.querySelector("link")?.textContent);
      const pubDate = item.querySelector("pubDate")?.textContent ?? "";
      expect(pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} 00:00:00 GMT$/);
      dates.push(Date.parse(pubDate));
      expect(item.querySelector("description")?.textContent?.length).toBeGreaterThan(20);
    }
    // Newest first.
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("is read once and served from memory", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-blog-"));
    try {
      const write = (title: string) =>
        fs.writeFileSync(
          path.join(dir, "one.md"),
          `---\ntitle: ${title}\ndate: 2026-01-02\nsummary: A summary long enough.\n---\nBody.\n`,
        );
      write("First title");
      const routes = blogRoutes(h.deps, { blogDir: dir });
      const first = await (await routes.request("/rss.xml")).text();
      write("Second title");
      const second = await (await routes.request("/rss.xml")).text();
      expect(second).toBe(first);
      expect(second).toContain("First title");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("feed building", () => {
  it("escapes XML special characters and drops forbidden control characters", () => {
    expect(escapeXml(`Q&A <b> "x" 'y'\u0000`)).toBe(
      "Q&amp;A &lt;b&gt; &quot;x&quot; &apos;y&apos;",
    );
  });

  it("keeps hostile front matter as text", () => {
    const post: FeedPost = {
      slug: "a-b",
      title: "Tom & Jerry </title><script>alert(1)</script>",
      date: "2026-02-03",
      author: "A <author>",
      summary: "Less < more & ]]> done",
      tags: ["x&y"],
    };
    const xml = buildRssFeed({ posts: [post], appUrl: "https://nexus.example.com/" });
    assertWellFormed(xml);
    const doc = new DOMParser().parseFromString(xml, "text/xml");
    expect(doc.querySelector("item > title")?.textContent).toBe(post.title);
    expect(doc.querySelector("item > description")?.textContent).toBe(post.summary);
    expect(doc.querySelector("item > link")?.textContent).toBe(
      "https://nexus.example.com/blog/a-b",
    );
    expect(doc.querySelector("item > category")?.textContent).toBe("x&y");
  });

  it("writes RFC 822 dates of the calendar day", () => {
    expect(rfc822("2026-11-21")).toBe("Sat, 21 Nov 2026 00:00:00 GMT");
  });

  it("skips files without a title or a valid date", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-blog-"));
    try {
      fs.writeFileSync(path.join(dir, "ok.md"), "---\ntitle: Ok\ndate: 2026-01-01\n---\n");
      fs.writeFileSync(path.join(dir, "undated.md"), "---\ntitle: Undated\n---\n");
      fs.writeFileSync(path.join(dir, "bad.md"), "---\ntitle: Bad\ndate: 2026-13-45\n---\n");
      expect((await readFeedPosts(dir)).map((p) => p.slug)).toEqual(["ok"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
