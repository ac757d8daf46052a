import { fileCitationTitle } from "@nexus/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/db.ts";
import { queryWords } from "../../lib/text-tokens.ts";
import { createFilesCorpus } from "./files-corpus.ts";

/**
 * File sources are labelled by where their passage is (page, sheet and rows, slide, section), and
 * passages labelled alike are one source: real chunks in PostgreSQL, searched by the files corpus.
 */

const DANA = "00000000-0000-4000-8000-0000000da7a0";
let db: TestDatabase;

interface ChunkSpec {
  page: number;
  heading?: string;
  /** The page's text and the [start, end) of this chunk in it. */
  text: string;
  start: number;
  end: number;
}

async function addFile(name: string, kind: string, chunks: ChunkSpec[]) {
  const [run] = (
    await db.db.execute<{ id: string }>(sql`
      insert into runs (user_id, kind, subject_id) values (${DANA}, 'ingest', ${name}) returning id`)
  ).rows;
  const [file] = (
    await db.db.execute<{ id: string }>(sql`
      insert into files (user_id, name, kind, size, storage_key, status, pages, run_id)
      values (${DANA}, ${name}, ${kind}, 100, ${`test/${name}`}, 'ready', 3, ${run?.id})
      returning id`)
  ).rows;
  for (const [ordinal, c] of chunks.entries())
    await db.db.execute(sql`
      insert into file_chunks (file_id, ordinal, user_id, page, char_start, char_end, heading_path, content)
      values (${file?.id}, ${ordinal}, ${DANA}, ${c.page}, ${c.start}, ${c.end}, ${c.heading ?? ""},
              ${c.text.slice(c.start, c.end)})`);
}

/** Chunks of one page cut after the given lines (the whitespace between them left out). */
function cut(page: number, text: string, afterLines: number[], heading?: string): ChunkSpec[] {
  const lines = text.split("\n");
  const out: ChunkSpec[] = [];
  let line = 0;
  let start = 0;
  for (const end of [...afterLines, lines.length]) {
    const from = lines.slice(0, line).join("\n").length + (line > 0 ? 1 : 0);
    const to = lines.slice(0, end).join("\n").length;
    const raw = text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    start = from + lead;
    out.push({
      page,
      text,
      start,
      end: start + raw.trim().length,
      ...(heading ? { heading } : {}),
    });
    line = end;
  }
  return out;
}

const SHEET = [
  "Q1",
  "",
  "Region | Sales",
  "North | 10",
  "South | 20",
  "East | 30",
  "West | 40",
  "Harbour | 50",
  "Quay | 60",
].join("\n");
const CSV = ["Port | Tonnage", "Skerry | 12", "Harbour | 50", "Quay | 60"].join("\n");
const PDF_PAGE =
  "The harbour wall was rebuilt in granite.\n\nLater that year the harbour lamp was relit.";

const search = (text: string) =>
  createFilesCorpus({ db: db.db }).search({
    query: { text, words: queryWords(text) },
    limit: 10,
    userId: DANA,
  });

beforeAll(async () => {
  db = await createTestDatabase();
  await db.db.execute(
    sql`insert into users (id, email, name) values (${DANA}, 'dana-places@acme.com', 'Dana')`,
  );
  // Sheet Q1: the heading and rows 1–3 in one chunk, rows 4–7 in the next.
  await addFile("sales.xlsx", "xlsx", cut(1, SHEET, [5], "Q1"));
  await addFile("ports.csv", "csv", cut(1, CSV, [2]));
  // Page 2 of a PDF in two passages, both about the harbour; page 1 in one.
  await addFile("report.pdf", "pdf", [
    { page: 1, text: "A quiet year at sea.", start: 0, end: 20 },
    ...cut(2, PDF_PAGE, [1]),
  ]);
  await addFile("deck.pptx", "pptx", [
    { page: 4, text: "Harbour plans for spring.", start: 0, end: 25 },
  ]);
  await addFile("notes.docx", "docx", [
    {
      page: 1,
      heading: "Works › Harbour",
      text: "The harbour crane was painted.",
      start: 0,
      end: 30,
    },
  ]);
  await addFile("plain.docx", "docx", [{ page: 1, text: "Harbour fees rose.", start: 0, end: 18 }]);
});
afterAll(async () => {
  await db.close();
});

describe("file citation labels that locate", () => {
  it("names the page, the sheet and rows, the slide or the section, one source per label", async () => {
    const titles = (await search("harbour")).map((r) => r.title);
    expect(new Set(titles)).toEqual(
      new Set([
        "sales.xlsx, Sheet Q1, rows 4–7",
        "ports.csv, rows 3–4",
        "report.pdf, p. 2",
        "deck.pptx, slide 4",
        "notes.docx, Harbour",
        "plain.docx",
      ]),
    );
    expect(titles).toHaveLength(new Set(titles).size);
  });

  it("gives a spreadsheet passage's own rows", async () => {
    const [north] = await search("north");
    expect(north?.title).toBe("sales.xlsx, Sheet Q1, rows 1–3");
    const quay = (await search("quay")).map((r) => r.title);
    expect(quay).toContain("sales.xlsx, Sheet Q1, rows 4–7");
    expect(quay).toContain("ports.csv, rows 3–4");
    const [skerry] = await search("skerry");
    expect(skerry?.title).toBe("ports.csv, rows 1–2");
  });

  it("merges passages of one sheet into one source whose rows span both", async () => {
    const titles = (await search("north or harbour")).map((r) => r.title);
    expect(titles).toContain("sales.xlsx, Sheet Q1, rows 1–7");
    expect(titles.filter((t) => t.startsWith("sales.xlsx"))).toHaveLength(1);
  });

  it("merges two passages of one PDF page into one source holding both, in document order", async () => {
    const pages = (await search("harbour")).filter((r) => r.title.startsWith("report.pdf"));
    expect(pages).toHaveLength(1);
    expect(pages[0]?.content).toBe(
      "The harbour wall was rebuilt in granite.\n\nLater that year the harbour lamp was relit.",
    );
  });

  it("labels without a place by page, as before", () => {
    expect(fileCitationTitle("report.pdf", 3)).toBe("report.pdf, p. 3");
    expect(fileCitationTitle("a.xlsx", 2, { kind: "xlsx", heading: "Q2", rows: [5, 5] })).toBe(
      "a.xlsx, Sheet Q2, row 5",
    );
  });
});
