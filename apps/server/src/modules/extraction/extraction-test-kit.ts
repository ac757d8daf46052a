import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ExtractionItem } from "@nexus/contracts";
import { XMLParser } from "fast-xml-parser";
import { strFromU8, unzipSync } from "fflate";
import { expect } from "vitest";
import type { FakeBehaviour, RecordedRequest } from "../../../../../e2e/fakes/openai-server.ts";
import type { Harness } from "../../../test/harness.ts";
import type { Scalar } from "./extraction.export.ts";

/**
 * The extraction tests' fake model and helpers: the model answers each source by the file name in
 * its prompt ("Title: …"), with words copied from the three fixture PDFs (their pages known from
 * the fixtures' manifest), one quote that is in none of them, and one field left unanswered.
 */

export const FIELDS = [
  { key: "title", name: "Title", type: "text" },
  { key: "pages", name: "Pages", type: "number", instructions: "How many pages it has" },
  { key: "first_heading", name: "First heading", type: "text" },
];

type Answer = Record<string, { value: unknown; quote: string | null }>;

/** Each document's answer: values, and quotes copied from the page the test expects. */
export const ANSWERS: Record<string, Answer> = {
  "tracemonkey.pdf": {
    title: {
      value: "Trace-based Just-in-Time Type Specialization for Dynamic Languages",
      quote: "Trace-based Just-in-Time Type Specialization for Dynamic",
    },
    pages: {
      value: 14,
      quote: "not be interpreted as necessarily representing the official views",
    },
    // Asked for only when the field is added from the screen (a column of its own).
    venue: {
      value: "Dynamic Languages",
      quote: "Trace-based Just-in-Time Type Specialization for Dynamic",
    },
    // A heading the paper has, with a quote that is not in it: shown, never as checked.
    first_heading: {
      value: "Introduction",
      quote: "The first heading of this paper is Introduction",
    },
  },
  "bug1997343.pdf": {
    title: { value: "A Two Column Example", quote: "A Two Column Example" },
    pages: { value: "2", quote: "It is also possible to cite works" },
    // Not answered: "not found", no value.
    first_heading: { value: null, quote: null },
  },
  "file_pdfjs_test.pdf": {
    title: { value: "Mozilla automated testing", quote: "Mozilla automated testing" },
    pages: { value: 5, quote: "Reftest is your best bet" },
    first_heading: { value: "Mozilla automated testing", quote: "Mozilla automated testing" },
  },
};

/** A per-item extraction's fields: a trial's name, phase and sample size. */
export const ITEM_FIELDS = [
  { key: "name", name: "Name", type: "text" },
  { key: "phase", name: "Phase", type: "text" },
  { key: "sample_size", name: "Sample size", type: "number" },
];

/** Text files a per-item extraction reads: three trials, none, and more than the cap (70). */
export const ITEM_FILES: Record<string, string> = {
  "trials.txt": [
    "Three trials are discussed in this review.",
    "The ALPHA trial was a phase 2 study that enrolled 120 patients.",
    "The BETA trial was a phase 3 study that enrolled 450 patients.",
    "The GAMMA trial was a phase 1 study that enrolled 24 patients.",
  ].join("\n"),
  // Read again, the model lists these in another order (REORDERED_READS).
  "reordered-trials.txt": [
    "Three trials are compared here.",
    "The ALPHA trial (registry NCT-101) was a phase 2 study that enrolled 120 patients.",
    "The BETA trial (registry NCT-202) was a phase 3 study that enrolled 450 patients.",
    "The GAMMA trial (registry NCT-303) was a phase 1 study that enrolled 24 patients.",
  ].join("\n"),
  "no-trials.txt": "This note is about the weather in spring and mentions no study at all.",
  "many-trials.txt": Array.from(
    { length: 70 },
    (_, i) => `Trial T${i + 1} enrolled ${i + 10} people.`,
  ).join("\n"),
};

const trial = (name: string, phase: string, size: number) => ({
  name: { value: name, quote: `The ${name} trial` },
  phase: { value: phase, quote: `a ${phase} study` },
  sample_size: { value: size, quote: `enrolled ${size} patients` },
});

/** The model's items per file (a quote of GAMMA's is not in the file: unverified). */
export const ITEM_ANSWERS: Record<string, unknown[]> = {
  "trials.txt": [
    trial("ALPHA", "phase 2", 120),
    trial("BETA", "phase 3", 450),
    { ...trial("GAMMA", "phase 1", 24), phase: { value: "phase 1", quote: "an early study" } },
  ],
  "many-trials.txt": Array.from({ length: 70 }, (_, i) => ({
    name: { value: `T${i + 1}`, quote: `Trial T${i + 1} enrolled` },
    sample_size: { value: i + 10, quote: `enrolled ${i + 10} people` },
  })),
};

/** reordered-trials.txt's trials: phase, sample size, registry number. */
const REGISTERED: Record<string, [string, number, string]> = {
  ALPHA: ["phase 2", 120, "NCT-101"],
  BETA: ["phase 3", 450, "NCT-202"],
  GAMMA: ["phase 1", 24, "NCT-303"],
};
const registered = (name: string) => {
  const [phase, size, registry] = REGISTERED[name] ?? ["", 0, ""];
  return {
    ...trial(name, phase, size),
    registry: { value: registry, quote: `registry ${registry}` },
  };
};

/**
 * reordered-trials.txt's reads, one after another: first in the file's order; then reversed (a
 * column re-run, a field added); last reversed with GAMMA missing and an item no row is (OMEGA).
 */
export const REORDERED_READS: unknown[][] = [
  ["ALPHA", "BETA", "GAMMA"].map(registered),
  ["GAMMA", "BETA", "ALPHA"].map(registered),
  ["GAMMA", "BETA", "ALPHA"].map(registered),
  [
    {
      name: { value: "OMEGA", quote: "Three trials are compared here." },
      registry: { value: "NCT-999", quote: null },
    },
    registered("BETA"),
    registered("ALPHA"),
  ],
];
let reorderedReads = 0;

export function promptText(request: RecordedRequest): string {
  return request.messages
    .map((m) =>
      typeof m.content === "string"
        ? m.content
        : Array.isArray(m.content)
          ? m.content.map((p: { text?: string }) => p.text ?? "").join("")
          : "",
    )
    .join("\n");
}

export function docOf(request: RecordedRequest): string | null {
  return /Title: (\S+\.pdf)/.exec(promptText(request))?.[1] ?? null;
}

export const json = (value: unknown): FakeBehaviour => ({
  kind: "text",
  text: JSON.stringify(value),
});

/** The fake model: a proposal for a description, else the named document's answer. */
export function answerFor(request: RecordedRequest, held: ReadonlySet<string>): FakeBehaviour {
  const text = promptText(request);
  if (text.includes("Description:"))
    return json({
      fields: [
        { name: "Title", type: "text", instructions: "The paper's title", required: true },
        { name: "Sample size", type: "number", instructions: "Participants" },
        { name: "Title", type: "text" },
      ],
    });
  // A per-item extraction: the items of the named text file (ITEM_FILES).
  if (text.includes("Fields of each item:")) {
    const file = /Title: (\S+\.txt)/.exec(text)?.[1] ?? "";
    if (file && held.has(file)) return { kind: "stall" };
    if (file === "reordered-trials.txt") {
      const read = REORDERED_READS[Math.min(reorderedReads++, REORDERED_READS.length - 1)];
      return json({ items: read });
    }
    return json({ items: ITEM_ANSWERS[file] ?? [] });
  }
  // A stand-in web page (a web search's result).
  if (text.includes("enrolled 42 participants"))
    return json({
      title: { value: "42 participants", quote: "The study enrolled 42 participants" },
    });
  const doc = docOf(request);
  if (doc && held.has(doc)) return { kind: "stall" };
  return json((doc && ANSWERS[doc]) ?? {});
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function getItem(h: Harness, cookie: string, id: string): Promise<ExtractionItem> {
  const res = await h.request(`/api/extractions/${id}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as ExtractionItem;
}

/** Polls until `check` holds for the extraction (or `ms` passed): its last state. */
export async function until(
  h: Harness,
  cookie: string,
  id: string,
  check: (item: ExtractionItem) => boolean,
  ms = 20_000,
): Promise<ExtractionItem> {
  const deadline = Date.now() + ms;
  for (;;) {
    const item = await getItem(h, cookie, id);
    if (check(item) || Date.now() > deadline) return item;
    await sleep(100);
  }
}

export const ended = (item: ExtractionItem) => !["queued", "running"].includes(item.status);

/** A CSV file read back into rows of fields (RFC 4180 quoting). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const body = text.replace(/^\ufeff/, "");
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(field), (field = "");
    else if (ch === "\r" && body[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  return rows;
}

/** An XLSX file's first sheet read back (inline strings, numbers and booleans). */
export function parseXlsx(bytes: Uint8Array): Scalar[][] {
  const files = unzipSync(bytes);
  const sheet = files["xl/worksheets/sheet1.xml"];
  if (!sheet) throw new Error("no sheet");
  const parser = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === "row" || name === "c",
    parseTagValue: false,
    trimValues: false,
  });
  const doc = parser.parse(strFromU8(sheet)) as {
    worksheet: { sheetData: { row: Array<{ c?: Array<Record<string, unknown>> }> } };
  };
  return doc.worksheet.sheetData.row.map((r) => {
    const out: Scalar[] = [];
    for (const c of r.c ?? []) {
      const ref = String(c["@_r"]);
      const col =
        [...ref.replace(/\d+$/, "")].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      while (out.length < col) out.push(null);
      const type = c["@_t"];
      const is = c.is as { t: string | { "#text": string } } | undefined;
      if (type === "inlineStr") out.push(typeof is?.t === "object" ? is.t["#text"] : (is?.t ?? ""));
      else if (type === "b") out.push(String(c.v) === "1");
      else out.push(Number(c.v));
    }
    return out;
  });
}

/** The address the stand-in web pages answer on (every host name resolves to it in the tests). */
export const PAGE_HOST = "127.0.0.7";

/** Stand-in web pages (a web search's results): each names its slug and the one fact asked for. */
export async function startStandInPages(): Promise<{
  origin: (slug: string) => string;
  hits: string[];
  close: () => Promise<void>;
}> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const slug = (req.url ?? "/").split("/").pop() ?? "page";
    hits.push(slug);
    const para = (text: string) => `<p>${text}</p>`;
    const body = [
      para(`This report about ${slug} looks at how surveys are run in practice today.`),
      para(`The study enrolled 42 participants in ${slug} over a period of two years.`),
      para(`Its authors describe the method, the questions asked and the answers given at length.`),
    ].join("");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<html><head><title>Report ${slug}</title></head><body><article><h1>Report ${slug}</h1>${body}</article></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, PAGE_HOST, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: (slug) => `http://${slug}.example:${port}`,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
