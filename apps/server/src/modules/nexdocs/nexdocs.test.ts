import {
  NEXDOCS_AI_NEEDS_MODEL,
  type NexdocsDocument,
  type NexdocsList,
  type NexdocsNode,
  type NexdocsVersions,
} from "@nexus/contracts";
import mammoth from "mammoth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../../../test/documents/fixtures.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { parseStream, partOf, textOf } from "../answer/answer-test-kit.ts";

/**
 * NexDocs' API (issue 40): a person's own documents, saved against a revision (a stale save is a
 * 409 that changes nothing, 50 parallel saves keep one winner and valid JSON), versions and
 * restore, search over titles and bodies, import (Markdown, HTML sanitised, DOCX) and export
 * (Markdown, DOCX, PDF) keeping headings, tables and citations. Another person's document is the
 * same 404 as a missing one; a signed-out caller gets 401.
 */

let h: Harness;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signIn("nexdocs-owner@acme.com");
  other = await h.signIn("nexdocs-other@acme.com");
});
afterAll(async () => {
  await h.close();
});

const RICH = [
  "# Harbour report",
  "",
  "The breakwater was repaired in **March** [cite](nexdocs:cite?title=Minutes&url=https%3A%2F%2Fharbour.example%2Fminutes).",
  "",
  "| Month | Ships |",
  "| --- | --- |",
  "| March | 12 |",
  "",
  "- [ ] inspect the pier",
  "",
  "```ts",
  "const tide = 3;",
  "```",
].join("\n");

function paragraphDoc(text: string): NexdocsNode {
  return { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] };
}

async function create(cookie: string, body: unknown = {}): Promise<NexdocsDocument> {
  const res = await h.request("/api/nexdocs", { method: "POST", cookie, body });
  expect(res.status).toBe(201);
  return (await res.json()) as NexdocsDocument;
}

function save(cookie: string, id: string, body: unknown) {
  return h.request(`/api/nexdocs/${id}`, { method: "PATCH", cookie, body });
}

describe("NexDocs documents", { timeout: 60_000 }, () => {
  it("is the owner's: another person gets the missing document's 404, no one signed out gets in", async () => {
    const doc = await create(owner.cookie, { title: "Mine", markdown: "Private words." });
    expect(doc.revision).toBe(1);
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const [method, suffix, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { baseRevision: 1, title: "Taken", content: paragraphDoc("Taken") }],
      ["GET", "/versions", undefined],
      ["GET", "/export?format=md", undefined],
      ["POST", "/versions/1/restore", { baseRevision: 1 }],
      ["DELETE", "", undefined],
    ] as const) {
      const theirs = await h.request(`/api/nexdocs/${doc.id}${suffix}`, {
        method,
        cookie: other.cookie,
        body,
      });
      const none = await h.request(`/api/nexdocs/${missing}${suffix}`, {
        method,
        cookie: other.cookie,
        body,
      });
      expect([method, suffix, theirs.status]).toEqual([method, suffix, 404]);
      expect(await theirs.text()).toBe(await none.text());
      const anonymous = await h.request(`/api/nexdocs/${doc.id}${suffix}`, { method, body });
      expect(anonymous.status).toBe(401);
    }
    const listed = (await (
      await h.request("/api/nexdocs", { cookie: other.cookie })
    ).json()) as NexdocsList;
    expect(listed.documents.map((d) => d.id)).not.toContain(doc.id);
    const still = (await (
      await h.request(`/api/nexdocs/${doc.id}`, { cookie: owner.cookie })
    ).json()) as NexdocsDocument;
    expect(still).toMatchObject({ title: "Mine", revision: 1 });
    expect(JSON.stringify(still.content)).toContain("Private words.");
  });

  it("saves against a revision: a stale save is a 409 with the current document and changes nothing", async () => {
    const doc = await create(owner.cookie, { title: "Two tabs" });
    const first = await save(owner.cookie, doc.id, {
      baseRevision: 1,
      title: "Two tabs",
      content: paragraphDoc("From tab one"),
    });
    expect(first.status).toBe(200);
    expect(((await first.json()) as NexdocsDocument).revision).toBe(2);
    const stale = await save(owner.cookie, doc.id, {
      baseRevision: 1,
      title: "Two tabs",
      content: paragraphDoc("From tab two"),
    });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as {
      error: { code: string; message: string };
      details: { current: NexdocsDocument };
    };
    expect(body.error.code).toBe("conflict");
    expect(body.error.message).toMatch(/changed elsewhere/);
    expect(body.details.current.revision).toBe(2);
    expect(JSON.stringify(body.details.current.content)).toContain("From tab one");
    // "Keep mine": the same content saved on the current revision; both stay in the versions.
    const kept = await save(owner.cookie, doc.id, {
      baseRevision: 2,
      title: "Two tabs",
      content: paragraphDoc("From tab two"),
    });
    expect(kept.status).toBe(200);
    const versions = (await (
      await h.request(`/api/nexdocs/${doc.id}/versions`, { cookie: owner.cookie })
    ).json()) as NexdocsVersions;
    expect(versions.versions.map((v) => v.revision)).toEqual([3, 2, 1]);
  });

  it("keeps exactly one of 50 parallel saves of one revision, and valid JSON", async () => {
    const doc = await create(owner.cookie, { title: "Race" });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        save(owner.cookie, doc.id, {
          baseRevision: 1,
          title: `Race ${i}`,
          content: paragraphDoc(`Writer ${i}`),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const winner = (await results[statuses.indexOf(200)]?.json()) as NexdocsDocument;
    const now = (await (
      await h.request(`/api/nexdocs/${doc.id}`, { cookie: owner.cookie })
    ).json()) as NexdocsDocument;
    expect(now.revision).toBe(2);
    expect(now.title).toBe(winner.title);
    expect(now.content).toEqual(paragraphDoc(winner.title.replace("Race", "Writer")));
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const doc = await create(owner.cookie, { title: "Strict", markdown: "Untouched." });
    const cases: Array<[unknown, RegExp]> = [
      [
        { baseRevision: 1, title: "x", content: { type: "doc", content: [{ type: "script" }] } },
        /not a valid editor document/,
      ],
      [
        { baseRevision: 1, title: "x", content: { type: "paragraph" } },
        /not a valid editor document/,
      ],
      [{ baseRevision: 1, title: "x".repeat(201), content: paragraphDoc("x") }, /at most 200/],
      [{ baseRevision: 0, title: "x", content: paragraphDoc("x") }, /./],
      [
        { baseRevision: 1, title: "x", content: paragraphDoc("x".repeat(950_000)) },
        /kB of content|too large/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await save(owner.cookie, doc.id, body);
      expect([400, 413]).toContain(res.status);
      expect(JSON.stringify(await res.json())).toMatch(message);
    }
    const now = (await (
      await h.request(`/api/nexdocs/${doc.id}`, { cookie: owner.cookie })
    ).json()) as NexdocsDocument;
    expect(now.revision).toBe(1);
    expect(JSON.stringify(now.content)).toContain("Untouched.");
    // A javascript: link keeps its text and loses its address.
    const link: NexdocsNode = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            {
              type: "text",
              text: "click",
              marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }],
            },
          ],
        },
      ],
    };
    const saved = (await (
      await save(owner.cookie, doc.id, { baseRevision: 1, title: "Strict", content: link })
    ).json()) as NexdocsDocument;
    expect(JSON.stringify(saved.content)).not.toContain("javascript:");
    expect(JSON.stringify(saved.content)).toContain("click");
  });

  it("answers an AI edit without a model with what to configure (409), charging nothing", async () => {
    const doc = await create(owner.cookie, { markdown: "Words to improve." });
    const usage = async () =>
      (await (await h.request("/api/usage", { cookie: owner.cookie })).json()) as unknown;
    const before = await usage();
    const res = await h.request(`/api/nexdocs/${doc.id}/ai`, {
      method: "POST",
      cookie: owner.cookie,
      body: { action: "improve", selection: "Words to improve." },
    });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({ code: "needs_model", message: NEXDOCS_AI_NEEDS_MODEL });
    expect(body.error.message).toContain("LLM_BASE_URL");
    expect(await usage()).toEqual(before);
    // Another person still gets the missing document's 404 before any word about a model.
    const foreign = await h.request(`/api/nexdocs/${doc.id}/ai`, {
      method: "POST",
      cookie: other.cookie,
      body: { action: "improve", selection: "Words to improve." },
    });
    expect(foreign.status).toBe(404);
  });

  it("restores a version as a new revision, and finds documents by title and body", async () => {
    const doc = await create(owner.cookie, {
      title: "Lighthouse log",
      markdown: "Original keeper notes.",
    });
    await save(owner.cookie, doc.id, {
      baseRevision: 1,
      title: "Lighthouse log",
      content: paragraphDoc("Rewritten entirely"),
    });
    const restored = await h.request(`/api/nexdocs/${doc.id}/versions/1/restore`, {
      method: "POST",
      cookie: owner.cookie,
      body: { baseRevision: 2 },
    });
    expect(restored.status).toBe(200);
    const back = (await restored.json()) as NexdocsDocument;
    expect(back.revision).toBe(3);
    expect(JSON.stringify(back.content)).toContain("Original keeper notes.");
    const gone = await h.request(`/api/nexdocs/${doc.id}/versions/99/restore`, {
      method: "POST",
      cookie: owner.cookie,
      body: { baseRevision: 3 },
    });
    expect(gone.status).toBe(404);
    const search = async (q: string) =>
      (
        (await (
          await h.request(`/api/nexdocs?q=${encodeURIComponent(q)}`, { cookie: owner.cookie })
        ).json()) as NexdocsList
      ).documents.map((d) => d.title);
    expect(await search("lighthouse")).toContain("Lighthouse log");
    expect(await search("keeper")).toContain("Lighthouse log");
    expect(await search("breakwater zeppelin")).toEqual([]);
    expect(await search("Private words")).not.toContain("Lighthouse log");
  });

  it("exports Markdown, DOCX and PDF with the headings, the table and the citation", async () => {
    const doc = await create(owner.cookie, { title: "Harbour", markdown: RICH });
    const get = (format: string) =>
      h.request(`/api/nexdocs/${doc.id}/export?format=${format}`, { cookie: owner.cookie });
    const md = await get("md");
    expect(md.headers.get("content-disposition")).toContain("Harbour.md");
    const text = await md.text();
    expect(text).toContain("# Harbour report");
    expect(text).toContain("| March | 12");
    expect(text).toContain("[\\[1\\]](https://harbour.example/minutes)");
    expect(text).toMatch(/## Sources\n\n1\. \[Minutes\]\(https:\/\/harbour\.example\/minutes\)/);
    const docx = Buffer.from(await (await get("docx")).arrayBuffer());
    const html = (await mammoth.convertToHtml({ buffer: docx })).value;
    expect(html).toContain("Harbour report");
    expect(html).toContain("<table>");
    expect(html).toContain("Minutes");
    const pdf = Buffer.from(await (await get("pdf")).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await get("xls")).status).toBe(400);
  });

  it("imports Markdown, sanitised HTML and DOCX as new documents", async () => {
    const post = (body: Uint8Array | string) =>
      h.app.request("http://localhost:3000/api/nexdocs/import", {
        method: "POST",
        headers: { cookie: owner.cookie, "content-type": "application/octet-stream" },
        body,
      });
    const md = (await (await post(RICH)).json()) as NexdocsDocument;
    expect(md.title).toBe("Harbour report");
    const json = JSON.stringify(md.content);
    expect(json).toContain('"type":"table"');
    expect(json).toContain('"type":"citation"');
    expect(json).toContain('"type":"taskItem"');
    const hostile = `<html><body><h2>Safe heading</h2><p onclick="x()">Kept <a href="javascript:alert(1)">text</a><script>alert(1)</script><img src="https://evil.example/x.png"></p><table><tr><td>A1</td></tr></table></body></html>`;
    const html = (await (await post(hostile)).json()) as NexdocsDocument;
    const htmlJson = JSON.stringify(html.content);
    expect(htmlJson).toContain("Safe heading");
    expect(htmlJson).toContain("A1");
    expect(htmlJson).not.toMatch(/alert|onclick|evil\.example|javascript/);
    const docx = await post(fixture("tables.docx"));
    expect(docx.status).toBe(201);
    const tables = JSON.stringify(((await docx.json()) as NexdocsDocument).content);
    expect(tables).toContain('"type":"table"');
    expect(tables).toContain("Bottom right");
    expect((await post(new Uint8Array([0xff, 0xfe, 0x00, 0x41]))).status).toBe(415);
  });

  it("side chat offline: quotes the matching section, cites it, saves the thread about the document", async () => {
    const sections = [
      "# Harbour report",
      "",
      "## Repairs",
      "",
      "The breakwater was repaired in March with granite blocks from the northern quarry.",
      "",
      "## Budget",
      "",
      "The council set aside forty thousand pounds for dredging the inner basin.",
    ].join("\n");
    const doc = await create(owner.cookie, { title: "Harbour report", markdown: sections });
    const usedBefore = await searches(owner.cookie);
    const ask = (cookie: string | undefined, id: string, body: unknown) =>
      h.request(`/api/nexdocs/${id}/chat`, { method: "POST", ...(cookie ? { cookie } : {}), body });
    const question = { text: "How much money was set aside for dredging?", threadId: "NexChat1" };
    // Another person, a missing document, no one signed in, no question: refused, nothing charged.
    const theirs = await ask(other.cookie, doc.id, question);
    const none = await ask(other.cookie, "00000000-0000-4000-8000-000000000000", question);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe(await none.text());
    expect((await ask(undefined, doc.id, question)).status).toBe(401);
    const empty = await ask(owner.cookie, doc.id, { text: " ", threadId: "NexChat1" });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toMatch(/question is required/i);
    expect(await searches(owner.cookie)).toBe(usedBefore);

    const res = await ask(owner.cookie, doc.id, question);
    expect(res.status).toBe(200);
    const chunks = parseStream(await res.text());
    expect(partOf(chunks, "start")?.messageMetadata).toMatchObject({ offline: true });
    const sources = partOf(chunks, "data-sources")?.data as { title: string; url: string }[];
    const budget = sources.findIndex((s) => s.title === "Harbour report — Budget");
    expect(budget).toBeGreaterThanOrEqual(0);
    expect(sources[budget]?.url).toBe(`/app/nexdocs/${doc.id}/NexChat1?section=1`);
    const text = textOf(chunks);
    expect(text).toContain("forty thousand pounds");
    expect(text).toContain(`[${budget + 1}]`);
    expect(partOf(chunks, "finish")).toBeDefined();
    expect(await searches(owner.cookie)).toBe(usedBefore + 1);

    // The thread reloads through the one thread API, and History names it by the document.
    const thread = await h.request(`/api/threads/NexChat1?kind=nexdocs&subject=${doc.id}`, {
      cookie: owner.cookie,
    });
    const body = (await thread.json()) as { kind: string; subject: { name: string } };
    expect(body).toMatchObject({
      kind: "nexdocs",
      subject: { id: doc.id, name: "Harbour report" },
    });
    expect(JSON.stringify(body)).toContain("forty thousand pounds");
    const foreign = await h.request("/api/threads/NexChat1", { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    const listed = (await (await h.request("/api/history", { cookie: owner.cookie })).json()) as {
      threads: { threadId: string; label: string; badge: string | null; href: string }[];
    };
    expect(listed.threads.find((t) => t.threadId === "NexChat1")).toMatchObject({
      label: "NexDocs chat",
      badge: "Harbour report",
      href: `/app/nexdocs/${doc.id}/NexChat1`,
    });
  });
});

async function searches(cookie: string): Promise<number> {
  const res = await h.request("/api/usage/check?counter=search", { cookie });
  return ((await res.json()) as { current: number }).current;
}
