import { EXPORT_WORDS, MESSAGES } from "@nexus/contracts";
import { schema } from "@nexus/db";
import mammoth from "mammoth";
import type { FootnoteDefinition, FootnoteReference, Heading, Root } from "mdast";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { exportAst, plainText } from "./export-ast.ts";
import { renderOffThread } from "./export-render.ts";
import { seedRichAnswer } from "./exports-test-kit.ts";

/**
 * GET /api/threads/:threadId/export (issue 42 scope 5): a thread with a table, code, math and six
 * checked citations as Markdown (re-parsed: its headings and footnotes), PDF (read by pdf.js) and
 * Word (read by mammoth); other kinds' citations; the thread API's authorization.
 */

let h: Harness;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signIn("export-owner@acme.com");
  other = await h.signIn("export-other@acme.com");
  await seedRichAnswer(h, owner.userId, "ExportRich1");
  await h.db.db.insert(schema.threadTitles).values({
    userId: owner.userId,
    threadId: "ExportRich1",
    title: "Heat pumps / cold: “a study”",
  });
  await h.db.db.insert(schema.searchHistory).values([
    {
      id: "ExportAgent1-1",
      userId: owner.userId,
      threadId: "ExportAgent1",
      query: "Plan a trip",
      kind: "agent",
      subjectId: "quick-answer",
      results: { markdown: "Go north [1] then east [2]." },
      parts: [
        { type: "source-url", sourceId: "1", url: "https://maps.example/n", title: "North" },
        { type: "source-url", sourceId: "2", url: "https://maps.example/e", title: "East" },
        { type: "text", text: "Go north [1] then east [2]." },
      ],
    },
    {
      id: "ExportResearch1-1",
      userId: owner.userId,
      threadId: "ExportResearch1",
      query: "How are panels recycled?",
      kind: "research",
      subjectId: "ExportResearch1",
      results: { markdown: "# Report\n\nGlass is recovered [1]. Silver rarely is [2]." },
      parts: [
        { type: "text", text: "# Report\n\nGlass is recovered [1]. Silver rarely is [2]." },
        {
          type: "data-research-citations",
          data: {
            citations: [1, 2].map((id) => ({
              note: {
                id,
                sourceId: id,
                question: 1,
                text: id === 1 ? "Glass is recovered." : "Silver rarely is.",
                quote: id === 1 ? "95% of the glass" : "silver recovery",
                check: id === 1 ? "exact" : "unverified",
                page: id === 1 ? 3 : null,
              },
              source: {
                id,
                kind: "web",
                url: `https://recycle.example/${id}`,
                title: `Recycling study ${id}`,
                fileId: null,
                question: 1,
                status: "read",
                reason: null,
              },
            })),
            sources: [],
          },
        },
      ],
    },
  ]);
});
afterAll(async () => {
  await h.close();
});

const get = (threadId: string, format: string, cookie: string | undefined = owner.cookie) =>
  h.request(`/api/threads/${threadId}/export?format=${format}`, { cookie });

type Node = { type: string; children?: Node[] };
function visit<T>(node: Node, type: string, each: (node: T) => void): void {
  if (node.type === type) each(node as T);
  for (const child of node.children ?? []) visit(child, type, each);
}

function headingsOf(tree: Root): string[] {
  const out: string[] = [];
  visit(tree, "heading", (node: Heading) => {
    out.push(`${node.depth} ${plainText(node)}`);
  });
  return out;
}

function footnotesOf(tree: Root) {
  const refs = new Set<string>();
  const defs = new Map<string, string>();
  visit(tree, "footnoteReference", (node: FootnoteReference) => {
    refs.add(node.identifier);
  });
  visit(tree, "footnoteDefinition", (node: FootnoteDefinition) => {
    defs.set(node.identifier, plainText(node));
  });
  return { refs, defs };
}

describe("a thread with a table, code, math and six citations", () => {
  it("exports Markdown that re-parses to its headings and footnotes, marks kept", async () => {
    const res = await get("ExportRich1", "md");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    const disposition = res.headers.get("content-disposition") ?? "";
    expect(disposition).toContain('filename="Heat-pumps-cold-a-study.md"');
    expect(disposition).toContain("attachment;");
    const md = await res.text();
    const tree = exportAst(md);
    expect(headingsOf(tree)).toEqual([
      "1 Heat pumps / cold: “a study”",
      "2 Do heat pumps work in cold climates?",
      "2 How they compare",
      "2 The physics",
      `3 ${EXPORT_WORDS.en.sources}`,
    ]);
    const { refs, defs } = footnotesOf(tree);
    expect([...refs].sort()).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect([...defs.keys()].sort()).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(defs.get("1")).toContain(`How heat pumps work — ${EXPORT_WORDS.en.verified}`);
    expect(defs.get("6")).toContain(EXPORT_WORDS.en.someVerified(1, 2));
    // Code keeps its brackets; the private file source has its name, never a link.
    expect(md).toContain("# [2] stays text in code");
    expect(md).toContain("someone-elses-notes.pdf, p. 2");
    expect(md).not.toContain("7c9e6679");
    // An app link is absolute; a table and math survive.
    expect(md).toContain("http://nexus.test/app/document-chat/0f8fad5b");
    expect(md).toContain("| Air-source heat pump | 2.5–4 | Yes [^4] |");
    expect(md).toContain("$COP = \\frac{T_h}{T_h - T_c}$");
    expect(md).toContain(`${EXPORT_WORDS.en.unverified}: “`);
  });

  it("exports a PDF that pdf.js reads: the answer's text and its sources", async () => {
    const res = await get("ExportRich1", "pdf");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = await getDocument({ data: new Uint8Array(await res.arrayBuffer()), verbosity: 0 })
      .promise;
    let text = "";
    for (let i = 1; i <= pdf.numPages; i++) {
      const content = await (await pdf.getPage(i)).getTextContent();
      text += `${content.items.map((item) => ("str" in item ? item.str : "")).join(" ")}\n`;
    }
    await pdf.destroy();
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Heat pumps move heat rather than make it");
    expect(flat).toContain("Air-source heat pump");
    expect(flat).toContain("def cop(t_hot, t_cold):");
    expect(flat).toContain("Cold-climate field trial");
    expect(flat).toContain("someone-elses-notes.pdf, p. 2");
    expect(flat).toContain(EXPORT_WORDS.en.verified);
  });

  it("exports a Word document that mammoth reads, with its table", async () => {
    const res = await get("ExportRich1", "docx");
    expect(res.status).toBe(200);
    const { value: html } = await mammoth.convertToHtml({
      buffer: Buffer.from(await res.arrayBuffer()),
    });
    expect(html).toContain("<table>");
    expect(html).toMatch(/<td><p>(<strong>)?Air-source heat pump/);
    expect(html).toContain("<h2>How they compare</h2>");
    expect(html).toContain("def cop(t_hot, t_cold):");
    expect(html).toContain("Manufacturer data [v2]");
  });
});

describe("a large export", () => {
  it("is made in a worker thread, the same file as in place", async () => {
    const body = await renderOffThread({
      format: "pdf",
      chunks: ["# Off the event loop", "| a | b |\n| - | - |\n| 1 | 2 |"],
      title: "Off the event loop",
    });
    const pdf = await getDocument({ data: body, verbosity: 0 }).promise;
    const content = await (await pdf.getPage(1)).getTextContent();
    await pdf.destroy();
    expect(content.items.map((item) => ("str" in item ? item.str : ""))).toContain(
      "Off the event loop",
    );
  });
});

describe("every kind through the one thread API", () => {
  it("an agent conversation: its source-url parts are its footnotes", async () => {
    const md = await (await get("ExportAgent1", "md")).text();
    expect(md).toContain("Go north [^1] then east [^2].");
    expect(md).toContain("[^2]: [East](<https://maps.example/e>)");
    expect(md).toContain("*Agent · Quick Answer · Exported from Nexus");
  });

  it("a research report: its notes are its footnotes, each with its quote and check", async () => {
    const md = await (await get("ExportResearch1", "md")).text();
    expect(md).toContain("Glass is recovered [^1]. Silver rarely is [^2].");
    expect(md).toContain(`p. 3 · “95% of the glass” · ${EXPORT_WORDS.en.verified}`);
    expect(md).toContain(
      `[^2]: [Recycling study 2](<https://recycle.example/2>) — ${EXPORT_WORDS.en.unverified}`,
    );
  });
});

describe("in the person's language", () => {
  const md = async (cookie: string, acceptLanguage?: string) =>
    (
      await h.request("/api/threads/ExportWords1/export?format=md", {
        cookie,
        ...(acceptLanguage ? { headers: { "accept-language": acceptLanguage } } : {}),
      })
    ).text();

  it("writes its own words in the chosen language, else the browser's; the thread as written", async () => {
    const reader = await h.signIn("export-words@acme.com");
    await seedRichAnswer(h, reader.userId, "ExportWords1");
    // Nothing chosen: the browser's first language of ours (French), else English.
    const french = await md(reader.cookie, "it-IT, fr-CH;q=0.9, en;q=0.5");
    expect(french).toContain(`### ${EXPORT_WORDS.fr.sources}`);
    expect(french).toContain(EXPORT_WORDS.fr.exportedFrom);
    expect(french).toContain(`${EXPORT_WORDS.fr.kinds.answer} · ${EXPORT_WORDS.fr.exportedFrom}`);
    expect(await md(reader.cookie, "it-IT")).toContain(EXPORT_WORDS.en.exportedFrom);
    // Chosen in Settings (German): it wins over the browser's; dates read as German ones.
    const patched = await h.request(`/api/users/${reader.userId}/settings`, {
      method: "PATCH",
      cookie: reader.cookie,
      body: { uiLanguage: "de" },
    });
    expect(patched.status).toBe(200);
    const german = await md(reader.cookie, "fr");
    expect(german).toContain(`### ${EXPORT_WORDS.de.sources}`);
    expect(german).toContain(EXPORT_WORDS.de.verified);
    expect(german).toMatch(/Aus Nexus exportiert · \d{1,2}\. [A-Z][a-zä]+ \d{4}/);
    // The question and the answer are the thread's own words.
    expect(german).toContain("## Do heat pumps work in cold climates?");
    expect(german).not.toContain(EXPORT_WORDS.en.exportedFrom);
  });
});

describe("who can export", () => {
  it("another user's thread is the thread API's 404; anonymous callers are refused", async () => {
    const missing = await get("ExportMissing1", "md");
    expect(missing.status).toBe(404);
    const body = await missing.json();
    expect(body).toEqual({ error: { code: "not_found", message: MESSAGES.noSuchDocument } });
    for (const format of ["md", "pdf", "docx"]) {
      const res = await get("ExportRich1", format, other.cookie);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(body);
    }
    expect((await h.request("/api/threads/ExportRich1/export?format=md")).status).toBe(401);
    const anon = await h.request("/api/threads/ExportRich1/export?format=md", {
      anonId: "anon_1795000000000_aaaaaaaa",
    });
    expect(anon.status).toBe(401);
  });

  it("an unknown format is a clear 400", async () => {
    const res = await get("ExportRich1", "html");
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("format must be md, pdf or docx.");
  });
});
