import { randomUUID } from "node:crypto";
import { schema } from "@nexus/db";
import { describe, expect, it } from "vitest";
import { webAppForTests } from "../test/support/static-test-kit.ts";

const web = webAppForTests();

/** A file row of `userId`'s, as the files module writes one (its text is not read here). */
async function seedDocument(
  userId: string,
  name: string,
  fields: Partial<typeof schema.files.$inferInsert> = {},
): Promise<string> {
  const [row] = await web.h.db.db
    .insert(schema.files)
    .values({
      userId,
      name,
      kind: "pdf",
      size: 1,
      storageKey: `first-view-${randomUUID()}`,
      status: "ready",
      runId: randomUUID(),
      ...fields,
    })
    .returning({ id: schema.files.id });
  if (!row) throw new Error("no file row");
  return row.id;
}

describe("first view of a new document chat", () => {
  it("shows its owner the document's name, escaped, and its kind's starters; anyone or anything else gets the frame", async () => {
    const root = async (url: string, cookie?: string) => {
      const res = await web.app.request(url, cookie ? { headers: { cookie } } : {});
      expect(res.status, url).toBe(200);
      expect(res.headers.get("cache-control"), url).toBe("private, no-cache");
      const html = await res.text();
      return html.slice(html.indexOf('<div id="root"'), html.indexOf("</body>"));
    };
    const FRAME = '<div id="root"><div data-testid="sidebar-skeleton">Loading...</div></div>';
    const owner = await web.h.signIn("first-view-doc-owner@acme.com");
    const other = await web.h.signIn("first-view-doc-other@acme.com");
    const pdf = await seedDocument(owner.userId, `<img src=x onerror=alert(1)> & "Q3" report.pdf`);
    const sheet = await seedDocument(owner.userId, "figures.xlsx", { kind: "xlsx" });
    const slides = await seedDocument(owner.userId, "deck.pptx", { kind: "pptx" });

    expect(await root(`/app/document-chat/${pdf}`, owner.cookie)).toBe(
      '<div id="root" data-first-view><main><h1>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Q3&quot; report.pdf</h1>' +
        "<p>documentText</p></main></div>",
    );
    expect(await root(`/app/document-chat/${sheet}/`, owner.cookie)).toBe(
      '<div id="root" data-first-view><main><h1>figures.xlsx</h1><p>documentSheet</p></main></div>',
    );
    expect(await root(`/app/document-chat/${slides}`, owner.cookie)).toBe(
      '<div id="root" data-first-view><main><h1>deck.pptx</h1><p>documentSlides</p></main></div>',
    );

    const processing = await seedDocument(owner.userId, "reading.pdf", { status: "parsing" });
    const failed = await seedDocument(owner.userId, "broken.pdf", { status: "failed" });
    const scanned = await seedDocument(owner.userId, "scan.pdf", { ocrPages: [1] });
    for (const [url, cookie] of [
      // Someone else's document, or an anonymous visitor: nothing of it.
      [`/app/document-chat/${pdf}`, other.cookie],
      [`/app/document-chat/${pdf}`, undefined],
      // Not there, not an id, not decodable.
      [`/app/document-chat/${randomUUID()}`, owner.cookie],
      ["/app/document-chat/not-an-id", owner.cookie],
      ["/app/document-chat/bad%E0%A4%A", owner.cookie],
      // Still being read, failed, or with a bar the first view does not draw (recognised text).
      [`/app/document-chat/${processing}`, owner.cookie],
      [`/app/document-chat/${failed}`, owner.cookie],
      [`/app/document-chat/${scanned}`, owner.cookie],
      // A cited passage's link opens on the document, not the chat.
      [`/app/document-chat/${pdf}?chunk=2`, owner.cookie],
      // A saved chat (it may have turns): the app draws it.
      [`/app/document-chat/${pdf}/SomeThread1`, owner.cookie],
    ] as const) {
      expect(await root(url, cookie), `${url} ${cookie ?? "anonymous"}`).toBe(FRAME);
    }
  });
});
