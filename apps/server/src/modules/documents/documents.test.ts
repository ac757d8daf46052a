import {
  type DocumentCitation,
  type DocumentInfo,
  type DocumentText,
  documentInfoSchema,
  documentTextSchema,
} from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../../../test/documents/fixtures.ts";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { restoreThread } from "../../../test/support/thread-api.ts";
import { parseStream, partOf, textOf } from "../answer/answer-test-kit.ts";
import { collectionCases } from "./documents-collections-kit.ts";

/**
 * /api/documents: a person's own file as a document (its state, its text per page, one passage, a
 * PDF's bytes with ranges) and document chat (offline engine, real ingestion): every citation of a
 * reply is checked against its passage and located in the page's text.
 */

let h: Harness;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };
let pdfId: string;
let notesId: string;

const NOTES = `# Skerry light

The keeper of the Skerry light wound the clockwork every four hours through the night.
The lamp burned colza oil until 1904, when it was replaced by paraffin vapour.

## Future work

- Replace the foghorn compressor
`;

async function addFile(cookie: string, name: string, content: string | Uint8Array) {
  const res = await upload(h, cookie, name, content);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
  const { id } = (await res.json()) as { id: string };
  const events = await untilDone(h, cookie, id);
  if (events.at(-1)?.data.type !== "ready") throw new Error(`${name} did not become ready`);
  return id;
}

beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
  alice = await h.signIn("alice-docs@acme.com");
  bob = await h.signIn("bob-docs@acme.com");
  pdfId = await addFile(alice.cookie, "tracemonkey.pdf", fixture("tracemonkey.pdf"));
  notesId = await addFile(alice.cookie, "skerry.md", NOTES);
}, 120_000);
afterAll(async () => {
  await h.close();
});

async function text(id: string): Promise<DocumentText> {
  const res = await h.request(`/api/documents/${id}/text`, { cookie: alice.cookie });
  expect(res.status).toBe(200);
  return documentTextSchema.parse(await res.json());
}

describe("the document routes", () => {
  it("answer the owner, and the same 404 for another person; anonymous callers must sign in", async () => {
    for (const path of ["", "/text", "/passages/0", "/content"]) {
      const mine = await h.request(`/api/documents/${pdfId}${path}`, { cookie: alice.cookie });
      expect(mine.status, path).toBe(200);
      await mine.arrayBuffer();
      const theirs = await h.request(`/api/documents/${pdfId}${path}`, { cookie: bob.cookie });
      expect(theirs.status, path).toBe(404);
      const anonymous = await h.request(`/api/documents/${pdfId}${path}`, {});
      expect(anonymous.status, path).toBe(401);
      const chat = await h.request(`/api/documents/${pdfId}/chat`, {
        method: "POST",
        cookie: bob.cookie,
        body: { text: "What is tracing?" },
      });
      expect(chat.status).toBe(404);
    }
    const missing = await h.request("/api/documents/not-an-id", { cookie: alice.cookie });
    expect(missing.status).toBe(404);
  });

  it("describe a document and give its text, whose pages hold each passage at its offsets", async () => {
    const res = await h.request(`/api/documents/${pdfId}`, { cookie: alice.cookie });
    const info: DocumentInfo = documentInfoSchema.parse(await res.json());
    expect(info).toMatchObject({
      name: "tracemonkey.pdf",
      viewer: "pdf",
      status: "ready",
      pages: 14,
    });
    const doc = await text(pdfId);
    expect(doc.pages.map((p) => p.page)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(doc.pages[0]?.label).toBe("Page 1");
    for (const page of doc.pages)
      for (const passage of page.passages) {
        const res = await h.request(`/api/documents/${pdfId}/passages/${passage.ordinal}`, {
          cookie: alice.cookie,
        });
        const { text: content } = (await res.json()) as { text: string };
        expect(page.text.slice(passage.start, passage.end)).toBe(content);
      }
    const notes = await text(notesId);
    expect(notes.pages[0]?.label).toBe("Text");
    const md = await h.request(`/api/documents/${notesId}/content`, { cookie: alice.cookie });
    expect(md.status).toBe(415);
  });

  it("name the pages read by OCR (a scanned page), and only those", async () => {
    const scanned = await addFile(alice.cookie, "testOCR.pdf", fixture("testOCR.pdf"));
    const info = documentInfoSchema.parse(
      await (await h.request(`/api/documents/${scanned}`, { cookie: alice.cookie })).json(),
    );
    expect(info.ocrPages).toEqual([1]);
    const doc = await text(scanned);
    expect(doc.pages.map((p) => [p.page, p.ocr])).toEqual([[1, true]]);
    expect(doc.pages[0]?.text).toContain("Happy New Year");
    // Each recognised word: where it is in the text, and its box on the page (fractions).
    const page = doc.pages[0];
    const words = (page?.boxes ?? []).map(([start, end]) => page?.text.slice(start, end));
    expect(words).toEqual(expect.arrayContaining(["Happy", "New", "Year"]));
    for (const [, , x0, y0, x1, y1] of page?.boxes ?? []) {
      expect(0 <= (x0 ?? -1) && (x0 ?? 2) < (x1 ?? -1) && (x1 ?? 2) <= 1).toBe(true);
      expect(0 <= (y0 ?? -1) && (y0 ?? 2) < (y1 ?? -1) && (y1 ?? 2) <= 1).toBe(true);
    }
    // A PDF with a text layer has none.
    const typed = documentInfoSchema.parse(
      await (await h.request(`/api/documents/${pdfId}`, { cookie: alice.cookie })).json(),
    );
    expect(typed.ocrPages).toEqual([]);
    expect((await text(pdfId)).pages.every((p) => !p.ocr && !p.boxes)).toBe(true);
  });

  it("stream a PDF's bytes in ranges, with an ETag", async () => {
    const whole = new Uint8Array(fixture("tracemonkey.pdf"));
    const full = await h.request(`/api/documents/${pdfId}/content`, { cookie: alice.cookie });
    expect(full.headers.get("content-type")).toBe("application/pdf");
    expect(full.headers.get("accept-ranges")).toBe("bytes");
    expect(full.headers.get("content-security-policy")).toContain("sandbox");
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(whole);
    const etag = full.headers.get("etag") ?? "";
    const first = await h.request(`/api/documents/${pdfId}/content`, {
      cookie: alice.cookie,
      headers: { range: "bytes=0-99" },
    });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-99/${whole.length}`);
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(whole.slice(0, 100));
    const tail = await h.request(`/api/documents/${pdfId}/content`, {
      cookie: alice.cookie,
      headers: { range: "bytes=-10" },
    });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(whole.slice(-10));
    const open = await h.request(`/api/documents/${pdfId}/content`, {
      cookie: alice.cookie,
      headers: { range: `bytes=${whole.length - 5}-` },
    });
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(whole.slice(-5));
    const beyond = await h.request(`/api/documents/${pdfId}/content`, {
      cookie: alice.cookie,
      headers: { range: `bytes=${whole.length}-` },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${whole.length}`);
    const same = await h.request(`/api/documents/${pdfId}/content`, {
      cookie: alice.cookie,
      headers: { "if-none-match": etag },
    });
    expect(same.status).toBe(304);
  });

  it("is never shown by the browser's own viewer: a download with a sandboxing CSP, however asked", async () => {
    const asks: Array<Record<string, string>> = [
      // A navigation (the address opened in a tab) and an embed…
      { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate", accept: "text/html,*/*" },
      { "sec-fetch-dest": "embed", "sec-fetch-mode": "no-cors" },
      { "sec-fetch-dest": "iframe", "sec-fetch-mode": "navigate" },
      // …and the app's viewer (pdf.js fetches it, in ranges): the same headers, the bytes read.
      { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" },
      { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors", range: "bytes=0-1023" },
    ];
    for (const headers of asks) {
      const res = await h.request(`/api/documents/${pdfId}/content`, {
        cookie: alice.cookie,
        headers,
      });
      const what = JSON.stringify(headers);
      expect([200, 206], what).toContain(res.status);
      expect(res.headers.get("content-disposition"), what).toMatch(/^attachment\b/);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp.split(/\s*;\s*/), what).toContain("sandbox");
      expect(csp, what).toContain("default-src 'none'");
      expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
      expect(res.headers.get("cross-origin-resource-policy"), what).toBe("same-origin");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5)), what).toBe("%PDF-");
    }
    // The file's name is not in the header (only the owner's app knows it).
    const res = await h.request(`/api/documents/${pdfId}/content`, { cookie: alice.cookie });
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="document.pdf"');
    await res.arrayBuffer();
  });
});

async function ask(id: string, question: string, threadId?: string) {
  const res = await h.request(`/api/documents/${id}/chat`, {
    method: "POST",
    cookie: alice.cookie,
    body: { text: question, ...(threadId ? { threadId } : {}) },
  });
  expect(res.status).toBe(200);
  const chunks = parseStream(await res.text());
  const citations = (partOf(chunks, "data-citations")?.data ?? []) as DocumentCitation[];
  return { chunks, text: textOf(chunks), citations };
}

describe("document chat (offline)", () => {
  it("answers from the document only, and every citation marks the page text that holds its quote", async () => {
    const doc = await text(pdfId);
    const pageText = new Map(doc.pages.map((p) => [p.page, p.text]));
    const questions = [
      "What is a trace tree?",
      "How does the tracing JIT handle type-unstable loops?",
      "What benchmarks were used in the evaluation?",
      "What does nested trace tree formation do?",
    ];
    let verified = 0;
    let total = 0;
    for (const question of questions) {
      const reply = await ask(pdfId, question);
      expect(reply.citations.length, question).toBeGreaterThan(0);
      for (const c of reply.citations) {
        total++;
        expect(c.fileId).toBe(pdfId);
        if (!c.verified || !c.quote) continue;
        verified++;
        const marked = c.ranges
          .map((r) => pageText.get(r.page)?.slice(r.start, r.end) ?? "")
          .join(" ");
        const squash = (s: string) => s.replace(/[\s-]+/g, "").toLowerCase();
        expect(squash(marked), question).toContain(squash(c.quote).slice(0, 40));
        expect(c.label).toMatch(/^Page \d+$/);
      }
    }
    expect(verified / total).toBeGreaterThanOrEqual(0.95);
  });

  it("keeps the citations with the saved reply, and charges one search per question", async () => {
    const before = await h.request("/api/usage/check?counter=search", { cookie: alice.cookie });
    const used = ((await before.json()) as { current: number }).current;
    const reply = await ask(notesId, "What oil did the lamp burn?", "docthread1");
    expect(reply.text).toContain("colza oil");
    const first = reply.citations.find((c) => c.quote?.includes("colza oil"));
    expect(first).toMatchObject({ verified: true, match: "exact" });
    const doc = await text(notesId);
    const range = first?.ranges[0];
    expect(doc.pages[0]?.text.slice(range?.start, range?.end)).toContain("colza oil");
    const after = await h.request("/api/usage/check?counter=search", { cookie: alice.cookie });
    expect(((await after.json()) as { current: number }).current).toBe(used + 1);
    const thread = await restoreThread(h, "docthread1", alice.cookie);
    expect(thread.status).toBe(200);
    // The thread API names the chat's document.
    expect(thread.subject?.id).toBe(notesId);
    expect(thread.turns[0]?.parts.map((p) => p.type)).toContain("data-citations");
    // An offline reply streams with `offline` in its metadata; restored, it still says so.
    expect(partOf(reply.chunks, "start")?.messageMetadata).toMatchObject({ offline: true });
    expect(thread.turns[0]?.metadata).toMatchObject({ offline: true });
    expect((await restoreThread(h, "docthread1", bob.cookie)).status).toBe(404);
    // History lists it as a chat about this document.
    const listed = (await (await h.request("/api/history", { cookie: alice.cookie })).json()) as {
      threads: { threadId: string; documentId: string | null }[];
    };
    expect(listed.threads.find((t) => t.threadId === "docthread1")?.documentId).toBe(notesId);
  });

  it("shares as the reply and its checked citations (isPdfFlow for a PDF), never the file", async () => {
    const reply = await ask(pdfId, "What is a trace tree?", "docshare1");
    expect(reply.citations.some((c) => c.verified)).toBe(true);
    const [entry] = await h.db.db
      .select({ id: schema.searchHistory.id })
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.threadId, "docshare1"));
    const shareOf = async (body: object) => {
      const res = await h.request("/api/shares", { method: "POST", cookie: alice.cookie, body });
      expect(res.status).toBeLessThan(300);
      const { shareId } = (await res.json()) as { shareId: string };
      // A reader with no account.
      return (await (await h.request(`/api/shares/${shareId}`, {})).json()) as {
        answer?: { isPdfFlow: boolean; content: string; parts?: { type: string }[] };
        thread?: { messages: { content: string; parts?: { type: string; data?: unknown }[] }[] };
      };
    };
    const answer = (await shareOf({ entryId: entry?.id })).answer;
    expect(answer?.isPdfFlow).toBe(true);
    // The text reads [n]; the quotes and their locations travel in the citations part.
    expect(answer?.content).toMatch(/\[\d+\]/);
    expect(answer?.content).not.toMatch(/\[\d+: "/);
    expect(answer?.parts?.some((p) => p.type === "data-citations")).toBe(true);
    const thread = (await shareOf({ threadId: "docshare1" })).thread;
    const cited = thread?.messages[0]?.parts?.find((p) => p.type === "data-citations");
    // The citations keep their quotes and places, never which file of the author's it was.
    const citation = ((cited?.data ?? []) as DocumentCitation[])[0];
    expect(citation?.label).toBeTruthy();
    expect(citation?.fileId).toBe("");
    expect(JSON.stringify(thread)).not.toContain(pdfId);
    // A Markdown file's chat is not a PDF flow.
    await ask(notesId, "What oil did the lamp burn?", "docshare2");
    const [notesEntry] = await h.db.db
      .select({ id: schema.searchHistory.id })
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.threadId, "docshare2"));
    expect((await shareOf({ entryId: notesEntry?.id })).answer?.isPdfFlow).toBe(false);
    // The file itself stays the owner's.
    expect((await h.request(`/api/documents/${pdfId}/content`, {})).status).toBe(401);
    expect((await h.request(`/api/files/${pdfId}/download`, { cookie: bob.cookie })).status).toBe(
      404,
    );
  });
});

collectionCases({
  h: () => h,
  alice: () => alice,
  bob: () => bob,
  notesId: () => notesId,
  addFile,
});
