import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { indexKnowledgeBase } from "../../integrations/search/knowledge-index.ts";
import { citations, parseStream, textOf } from "./answer-test-kit.ts";

/**
 * Local focus, offline, over real fixture documents (real ingestion): "Local means my files".
 * Each question was written from a passage that is a heading, a table row, a list item or a line
 * without a sentence end; the answer must quote that passage, cite only files that hold it, and
 * never bring in the product's help guides.
 */

const FIXTURES = "/work/shared/fixtures/documents";
const FILES = [
  "testEXCEL.xlsx",
  "tables.docx",
  "testWORD_various.docx",
  "testPPT_various.pptx",
  "testEPUB.epub",
  "doc_1_3_pages.pdf",
  "bug1997343.pdf",
  "file_pdfjs_test.pdf",
  "testMARKDOWN.md",
  "testHTML_utf8.html",
];

const WORD_AND_SLIDES = ["testWORD_various.docx", "testPPT_various.pptx"];

/** question → the passage the answer quotes, and the files that may be cited. */
const CASES: Array<{ question: string; passage: string; files: string[] }> = [
  {
    question: "Which Excel worksheet lists numbers and their squares?",
    passage: "Sample Excel Worksheet - Numbers and their Squares",
    files: ["testEXCEL.xlsx"],
  },
  { question: "What is the square of 12?", passage: "12 | 144", files: ["testEXCEL.xlsx"] },
  { question: "What is the square of 15?", passage: "15 | 225", files: ["testEXCEL.xlsx"] },
  { question: "What is in the top left cell?", passage: "Top left", files: ["tables.docx"] },
  {
    question: "What is in the bottom right cell?",
    passage: "Bottom right",
    files: ["tables.docx"],
  },
  {
    question: "What is the caption for Figure 1?",
    passage: "Figure 1 This is a caption for Figure 1",
    files: WORD_AND_SLIDES,
  },
  {
    question: "Where is the Japanese text?",
    passage: "Suddenly some Japanese text:",
    files: WORD_AND_SLIDES,
  },
  {
    question: "Which Gothic text follows?",
    passage: "And then some Gothic text:",
    files: WORD_AND_SLIDES,
  },
  { question: "Where is the hyperlink?", passage: "This is a hyperlink", files: WORD_AND_SLIDES },
  {
    question: "What does the text box say?",
    passage: "Here is a text box",
    files: WORD_AND_SLIDES,
  },
  { question: "Where is the subject?", passage: "Subject is here", files: WORD_AND_SLIDES },
  { question: "What is in row 2, column 1?", passage: "Row 2 column 1", files: WORD_AND_SLIDES },
  { question: "What is number bullet 2?", passage: "Number bullet 2", files: WORD_AND_SLIDES },
  {
    question: "What is the text for chapter Two?",
    passage: "This is the text for chapter Two",
    files: ["testEPUB.epub"],
  },
  {
    question: "What is the first item of the list?",
    passage: "First item",
    files: ["testEPUB.epub"],
  },
  {
    question: "What does the simple div hold?",
    passage: "Plus a simple div,",
    files: ["testEPUB.epub"],
  },
  {
    question: "What is in the table of contents?",
    passage: "Table of Contents",
    files: ["testEPUB.epub"],
  },
  {
    question: "What is on document 1, page 3?",
    passage: "Document 1:Page 3",
    files: ["doc_1_3_pages.pdf"],
  },
  {
    question: "What is on document 1, page 2?",
    passage: "Document 1:Page 2",
    files: ["doc_1_3_pages.pdf"],
  },
  {
    question: "Who wrote the two column example?",
    passage: "A Two Column Example",
    files: ["bug1997343.pdf"],
  },
  {
    question: "What is Mozilla automated testing?",
    passage: "Mozilla automated testing",
    files: ["file_pdfjs_test.pdf"],
  },
  {
    question: "What do café, naïve and résumé have in common?",
    passage: "Café naïve résumé",
    files: ["testMARKDOWN.md"],
  },
  {
    question: "Which content has UTF-8 chars?",
    passage: "Content with UTF-8 chars",
    files: ["testHTML_utf8.html"],
  },
];

let h: Harness;
let alice: { cookie: string; userId: string };

beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
  await indexKnowledgeBase({ db: h.db.db });
  alice = await h.signIn("alice-local@acme.com");
  for (const name of FILES) {
    const res = await upload(h, alice.cookie, name, fs.readFileSync(path.join(FIXTURES, name)));
    if (res.status !== 201) throw new Error(`${name}: upload answered ${res.status}`);
    const { id } = (await res.json()) as { id: string };
    const events = await untilDone(h, alice.cookie, id);
    if (events.at(-1)?.data.type !== "ready") throw new Error(`${name} did not become ready`);
  }
}, 120_000);
afterAll(async () => {
  await h.close();
});

async function askLocal(text: string, who: { cookie?: string; anonId?: string }) {
  const res = await h.request("/api/answer", {
    method: "POST",
    body: { text, focusMode: "local" },
    ...who,
  });
  expect(res.status).toBe(200);
  const chunks = parseStream(await res.text());
  const sources = chunks
    .filter((c) => c.type === "source-url")
    .map((c) => ({ title: String(c.title), url: String(c.url) }));
  return { chunks, text: textOf(chunks), sources };
}

const isFile = (url: string) => url.startsWith("/api/files/") || url.startsWith("/app/");

describe("Local focus over the person's files, offline", () => {
  it(`asks ${CASES.length} questions whose best passage is a heading, a row or a list item`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
  });

  it.each(CASES)("$question → quotes “$passage”", async ({ question, passage, files }) => {
    const { text, sources } = await askLocal(question, { cookie: alice.cookie });
    // No help guide among the sources of an answer about files.
    for (const s of sources) expect(isFile(s.url), `${s.title} ${s.url}`).toBe(true);
    // The passage is quoted and cited to a file that holds it.
    const quoted = new RegExp(`${passage.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\[(\\d+)\\]`);
    const match = quoted.exec(text);
    expect(match, `${question}\n${text}`).not.toBeNull();
    // Every cited source is one of the files that hold the passage: nothing padded from others.
    const cited = citations(text).map((n) => sources[n - 1]?.title ?? "");
    expect(cited.length).toBeGreaterThan(0);
    for (const title of cited)
      expect(
        files.some((f) => title.startsWith(f)),
        `${question} cites ${title}\n${text}`,
      ).toBe(true);
  });

  it("labels each file source by where its passage is, one source per label", async () => {
    const cases: Array<[string, string]> = [
      ["What is the square of 12?", "testEXCEL.xlsx, Sheet Feuil1, rows 1–18"],
      ["What is on document 1, page 3?", "doc_1_3_pages.pdf, p. 3"],
      ["What is the text for chapter Two?", "testEPUB.epub, Chapter 2"],
      ["What does the text box say?", "testPPT_various.pptx, slide 1"],
      ["What do café, naïve and résumé have in common?", "testMARKDOWN.md, Title"],
    ];
    for (const [question, title] of cases) {
      const titles = (await askLocal(question, { cookie: alice.cookie })).sources.map(
        (s) => s.title,
      );
      expect(titles, question).toContain(title);
      expect(titles, question).toHaveLength(new Set(titles).size);
    }
  });

  it("related questions on a Local answer come from the files, not the help pages", async () => {
    const { chunks, sources } = await askLocal("What is in the table of contents?", {
      cookie: alice.cookie,
    });
    expect(sources.every((s) => isFile(s.url))).toBe(true);
    const related = (chunks.find((c) => c.type === "data-related")?.data ?? []) as string[];
    for (const q of related) expect(q).not.toMatch(/sign in|ollama|nexus|model/i);
  });

  it("an anonymous visitor (no files) still gets the help guides in the Local focus", async () => {
    const { text, sources } = await askLocal("How do I connect Ollama?", {
      anonId: "anon_1795000000000_localkb",
    });
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.every((s) => !isFile(s.url))).toBe(true);
    expect(text).toMatch(/Ollama/);
  });

  it("a question about the product brings the help guides in beside the files", async () => {
    const { sources } = await askLocal("How do I add files to Nexus?", { cookie: alice.cookie });
    expect(sources.some((s) => !isFile(s.url))).toBe(true);
  });
});
