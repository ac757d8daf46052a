import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { createApp } from "../../app.ts";
import { escapeHtml, shareTemplate } from "./share-page.ts";
import { saveEntry, share } from "./shares-test-kit.ts";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Nexus is a self-hostable AI answer and search assistant."
    />
    <title>Nexus: answers you can trust</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const HOSTILE = `"><script>alert(1)</script><meta x='`;

let h: Harness;
let dist: string;
let app: ReturnType<typeof createApp>;
let owner: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness({ TRUST_PROXY: "true" });
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-share-dist-"));
  fs.writeFileSync(path.join(dist, "index.html"), INDEX);
  app = createApp(h.deps, { webDist: dist });
  owner = await h.signIn("page-owner@acme.com");
});
afterAll(async () => {
  fs.rmSync(dist, { recursive: true, force: true });
  await h.close();
});

async function page(shareId: string, ip = "10.1.0.1") {
  const res = await app.request(`/share/${shareId}`, { headers: { "x-forwarded-for": ip } });
  return { res, html: await res.text() };
}

function metaContent(html: string, attr: string): string | undefined {
  const match = html.match(new RegExp(`<meta ${attr} content="([^"]*)" />`));
  return match?.[1];
}

describe("GET /share/:shareId (server-rendered meta tags)", () => {
  it("puts the share's title and plain-text description in <head>, noindex, with the G5 and security headers", async () => {
    await saveEntry(h, {
      id: "p1",
      userId: owner.userId,
      query: "How do tides work?",
      markdown: `## Tides\nThe **moon** pulls the [ocean](https://x.example) [1][2]. ${"More words. ".repeat(40)}`,
    });
    const { shareId } = await share(h, owner.cookie, { entryId: "p1" });
    const { res, html } = await page(shareId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(html).toContain("<title>How do tides work? · Nexus</title>");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    const description = metaContent(html, 'name="description"') ?? "";
    expect(description.startsWith("Tides. The moon pulls the ocean. More words.")).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith("…")).toBe(true);
    expect(metaContent(html, 'property="og:title"')).toBe("How do tides work? · Nexus");
    expect(metaContent(html, 'property="og:description"')).toBe(description);
    expect(metaContent(html, 'property="og:type"')).toBe("article");
    expect(metaContent(html, 'name="twitter:card"')).toBe("summary");
    expect(metaContent(html, 'name="robots"')).toBe("noindex, nofollow");
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('src="/assets/index-abc.js"');
    expect(html.indexOf('name="robots"')).toBeLessThan(html.indexOf("</head>"));
  });

  it("escapes hostile titles and answers so nothing breaks out of the tags", async () => {
    await saveEntry(h, {
      id: "p2",
      userId: owner.userId,
      query: HOSTILE,
      markdown: `${HOSTILE} & more`,
    });
    const answerId = (await share(h, owner.cookie, { entryId: "p2" })).shareId;
    await saveEntry(h, { id: "p3", userId: owner.userId, threadId: "pthr", query: HOSTILE });
    const threadId = (await share(h, owner.cookie, { threadId: "pthr" })).shareId;
    for (const id of [answerId, threadId]) {
      const { res, html } = await page(id);
      expect(res.status).toBe(200);
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain("<meta x=");
      expect(html).toContain(`<title>${escapeHtml(HOSTILE)} · Nexus</title>`);
      expect(metaContent(html, 'property="og:title"')).toBe(`${escapeHtml(HOSTILE)} · Nexus`);
      expect(html.match(/<script/g)).toHaveLength(1); // only the app's own bundle
    }
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  it("answers unknown, malformed and revoked ids with one byte-identical 404 page of generic meta", async () => {
    await saveEntry(h, { id: "p4", userId: owner.userId, query: "Secret question" });
    const revoked = (await share(h, owner.cookie, { entryId: "p4" })).shareId;
    expect((await page(revoked, "10.1.0.2")).res.status).toBe(200);
    await h.request(`/api/shares/${revoked}`, { method: "DELETE", cookie: owner.cookie });
    const pages = await Promise.all(
      [revoked, "U".repeat(22), `t${"U".repeat(22)}`, "nope"].map((id) => page(id, "10.1.0.3")),
    );
    for (const p of pages) {
      expect(p.res.status).toBe(404);
      expect(p.res.headers.get("cache-control")).toBe("no-store");
      expect(p.res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(p.res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    }
    expect(new Set(pages.map((p) => p.html)).size).toBe(1);
    const html = pages[0]?.html ?? "";
    expect(html).not.toContain("Secret question");
    expect(html).toContain("<title>Nexus: answers you can trust</title>");
    expect(metaContent(html, 'name="robots"')).toBe("noindex, nofollow");
    expect(html).toContain('<div id="root"></div>');
  });

  it("parses the template once: the page is index.html plus the meta block", () => {
    const t = shareTemplate(INDEX);
    const html = t.render({ title: "T", description: "D", url: "http://x/share/1" });
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).not.toContain("answers you can trust");
    expect(html.endsWith("</html>\n")).toBe(true);
    expect(t.notFound).toContain("answers you can trust");
  });
});
