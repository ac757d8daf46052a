import { type DocumentCitation, documentTextSchema } from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { fixture } from "../../../test/documents/fixtures.ts";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { parseSources } from "../../ai/offline/prompt-format.ts";
import { parseStream, partOf, textOf } from "../answer/answer-test-kit.ts";
import {
  asksForSummary,
  DIRECT_SECTIONS,
  evenly,
  keyTerms,
  partsOf,
  type Section,
} from "./documents.summary.ts";

/**
 * "Summarise this" reads the whole document: offline, the extractive engine quotes sentences from
 * across it; with a model, a short document is sent whole and a long one is summarised part by part
 * (map-reduce), the reply written from the parts' notes — and every citation is still checked.
 */

const section = (label: string, text: string): Section => ({ label, passages: [], text });

describe("summary planning", () => {
  it("recognises a request for a summary, and only that", () => {
    for (const q of [
      "Summarise this",
      "Can you summarize the paper?",
      "Give me an overview",
      "tl;dr",
      "What is this document about?",
      "What are the key points?",
    ])
      expect(asksForSummary(q), q).toBe(true);
    // The chat's starters as the other interface languages send them.
    for (const q of [
      "Fasse das Dokument zusammen",
      "Was sind die wichtigsten Punkte?",
      "Résume ce document",
      "Quels sont les points clés ?",
      "Haz un resumen de este documento",
      "¿Cuáles son los puntos clave?",
      "このドキュメントを要約して",
      "لخص هذا المستند",
      "ما النقاط الرئيسية؟",
    ])
      expect(asksForSummary(q), q).toBe(true);
    for (const q of [
      "What did the authors measure?",
      "Where is the moon?",
      "When did the talks resume?",
      "What does the résumé list?",
      "Was haben diese Dateien gemeinsam?",
      "¿Qué dice la diapositiva 3?",
    ])
      expect(asksForSummary(q), q).toBe(false);
  });

  it("spreads sections evenly, splits parts by size, and finds the shared terms", () => {
    expect(evenly([1, 2, 3, 4, 5, 6, 7, 8, 9], 3)).toEqual([1, 5, 9]);
    expect(evenly([1, 2], 5)).toEqual([1, 2]);
    const parts = partsOf(
      [{ text: "a".repeat(6) }, { text: "b".repeat(5) }, { text: "c".repeat(12) }, { text: "d" }],
      12,
    );
    expect(parts.map((p) => [p.first, p.sections.length])).toEqual([
      [0, 2],
      [2, 1],
      [3, 1],
    ]);
    const terms = keyTerms([
      section("1", "The moon rose over the harbour."),
      section("2", "Fishermen watched the moon from the harbour wall."),
      section("3", "By dawn the moon had set; boats left."),
    ]);
    expect(terms.slice(0, 2)).toEqual(["moon", "harbour"]);
  });
});

let offline: Harness;
let withModel: Harness;
let llm: FakeOpenAIServer;

/** The first sentence (8+ words) of each numbered passage of a part. */
function partBullets(prompt: string): string {
  const bullets: string[] = [];
  for (const block of prompt.split(/\n\n(?=\[\d+\] )/)) {
    const header = /^\[(\d+)\] [^\n]*\n([\s\S]*)$/.exec(block.trim());
    if (!header) continue;
    const sentence = (header[2] ?? "")
      .split(/(?<=[.!?])\s+/)
      .map((s) => s.replace(/\s+/g, " ").trim())
      .find((s) => s.split(" ").length >= 8 && s.split(" ").length <= 30);
    if (sentence) bullets.push(`- A point [${header[1]}: "${sentence}"]`);
    if (bullets.length === 2) break;
  }
  return bullets.join("\n");
}

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) => {
      const system = String(request.messages.find((m) => m.role === "system")?.content ?? "");
      const user = String(request.messages.at(-1)?.content ?? "");
      if (system.startsWith("You read one part of a document"))
        return { kind: "text", text: partBullets(user) };
      if (!request.stream) return { kind: "echo" };
      // The reply: the notes' bullets as they are (already renumbered), or the first sources' first sentences.
      const notes = system.split("these are the notes on each part")[1];
      if (notes)
        return {
          kind: "text",
          text: notes
            .split("\n")
            .filter((l) => l.startsWith("- "))
            .join("\n"),
        };
      const sources = parseSources(system);
      return {
        kind: "text",
        text: sources.map((s) => `Page ${s.n} is about it [${s.n}].`).join(" "),
      };
    },
  });
  [offline, withModel] = await Promise.all([
    createHarness({}, { jobs: true }),
    createHarness({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "fake-model" }, { jobs: true }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([offline?.close(), withModel?.close(), llm?.close()]);
});

async function ready(h: Harness, cookie: string, name: string): Promise<string> {
  const res = await upload(h, cookie, name, fixture(name));
  const { id } = (await res.json()) as { id: string };
  expect((await untilDone(h, cookie, id)).at(-1)?.data.type).toBe("ready");
  return id;
}

async function summarise(h: Harness, cookie: string, id: string) {
  const res = await h.request(`/api/documents/${id}/chat`, {
    method: "POST",
    cookie,
    body: { text: "Summarise this" },
  });
  expect(res.status).toBe(200);
  const chunks = parseStream(await res.text());
  const citations = (partOf(chunks, "data-citations")?.data ?? []) as DocumentCitation[];
  const sources = (partOf(chunks, "data-sources")?.data ?? []) as { title: string }[];
  return { text: textOf(chunks), citations, sources };
}

describe("summarising a document", () => {
  it("offline: quotes verbatim sentences from across the whole document", async () => {
    const alice = await offline.signIn("alice-summary@acme.com");
    const id = await ready(offline, alice.cookie, "tracemonkey.pdf");
    const reply = await summarise(offline, alice.cookie, id);
    // Every page is a source (14 pages ≤ DIRECT_SECTIONS), in order.
    expect(reply.sources.map((s) => s.title)).toEqual(
      Array.from({ length: 14 }, (_, i) => `tracemonkey.pdf, Page ${i + 1}`),
    );
    expect(reply.citations.length).toBeGreaterThanOrEqual(3);
    // Sentences of the document itself (a line break read as a space: "normalised").
    for (const c of reply.citations) expect(c.verified, c.quote ?? "").toBe(true);
    // Not one page's passages: the summary quotes the beginning, the middle and the end.
    const pages = new Set(reply.citations.map((c) => c.ranges[0]?.page ?? 0));
    expect(pages.size).toBeGreaterThanOrEqual(3);
    expect(Math.max(...pages)).toBeGreaterThanOrEqual(8);
  });

  it("with a model: a short document is sent whole; a long one is read part by part", async () => {
    const bob = await withModel.signIn("bob-summary@acme.com");
    const short = await ready(withModel, bob.cookie, "doc_1_3_pages.pdf");
    const whole = await summarise(withModel, bob.cookie, short);
    expect(whole.sources.map((s) => s.title)).toEqual(
      [1, 2, 3].map((n) => `doc_1_3_pages.pdf, Page ${n}`),
    );
    expect(
      llm.requests.some((r) => String(r.messages[0]?.content).startsWith("You read one part")),
    ).toBe(false);

    const long = await ready(withModel, bob.cookie, "pdkids.pdf");
    llm.requests.length = 0;
    const reply = await summarise(withModel, bob.cookie, long);
    const parts = llm.requests.filter((r) =>
      String(r.messages[0]?.content).startsWith("You read one part"),
    );
    expect(parts.length).toBeGreaterThan(1);
    // The reply's sources are the pages the notes cite (renumbered), at most DIRECT_SECTIONS.
    expect(reply.sources.length).toBeGreaterThan(1);
    expect(reply.sources.length).toBeLessThanOrEqual(DIRECT_SECTIONS);
    const doc = documentTextSchema.parse(
      await (await withModel.request(`/api/documents/${long}/text`, { cookie: bob.cookie })).json(),
    );
    const pageText = new Map(doc.pages.map((p) => [p.page, p.text]));
    expect(reply.citations.length).toBeGreaterThanOrEqual(parts.length);
    for (const c of reply.citations) {
      expect(c, c.quote ?? "").toMatchObject({ verified: true });
      const marked = c.ranges.map((r) => pageText.get(r.page)?.slice(r.start, r.end)).join(" ");
      expect(marked.replace(/\s+/g, "")).toBe((c.quote ?? "").replace(/\s+/g, ""));
      // The label names the page the quote is on (the renumbering kept source and page together).
      expect(c.label).toBe(`Page ${c.ranges[0]?.page}`);
    }
    // Quotes from the beginning and the end of the book: all of it was read.
    const pages = reply.citations.map((c) => c.ranges[0]?.page ?? 0);
    expect(Math.min(...pages)).toBeLessThanOrEqual(5);
    expect(Math.max(...pages)).toBeGreaterThanOrEqual(45);
  });
});
