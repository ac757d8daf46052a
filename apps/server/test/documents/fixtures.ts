import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DocumentKind, ParseLimits } from "../../src/integrations/document-text/types.ts";

/**
 * The shared document corpus (../shared/fixtures/documents beside the repository, in CI too; its
 * MANIFEST.md says what each file holds or how it must fail). Not copied: 3.4 MiB.
 */
const REPO_ROOT = fileURLToPath(new URL("../../../..", import.meta.url));
const BESIDE = path.resolve(REPO_ROOT, "../shared/fixtures/documents");
/** Beside the repository; a git worktree one level deeper finds the corpus one level up. */
export const DOCUMENTS = fs.existsSync(BESIDE)
  ? BESIDE
  : path.resolve(REPO_ROOT, "../../shared/fixtures/documents");

export function fixture(name: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.join(DOCUMENTS, name)));
}

export const LIMITS: ParseLimits = {
  maxPages: 500,
  maxChars: 5_000_000,
  maxExpandedBytes: 50 * 1024 * 1024,
};

export type Expectation =
  | { kind: DocumentKind; pages?: number; contains: string[]; password?: string; ocr?: true }
  | { kind: DocumentKind | null; fails: string; password?: string };

/** What every corpus file must give: text containing the MANIFEST's phrases, or a failure code. */
export const EXPECTED: Record<string, Expectation> = {
  "tracemonkey.pdf": {
    kind: "pdf",
    pages: 14,
    contains: [
      "Trace-based Just-in-Time Type Specialization for Dynamic",
      "not be interpreted as necessarily representing the official views",
    ],
  },
  "pdkids.pdf": { kind: "pdf", pages: 55, contains: ["The Buried Moon", "source: PG EBook #7277"] },
  "doc_1_3_pages.pdf": { kind: "pdf", pages: 3, contains: ["Document 1:Page 2"] },
  "bug1997343.pdf": {
    kind: "pdf",
    pages: 2,
    contains: ["A Two Column Example", "It is also possible to cite works"],
  },
  "file_pdfjs_test.pdf": {
    kind: "pdf",
    pages: 5,
    contains: ["Mozilla automated testing", "Reftest is your best bet"],
  },
  // OCR in CI: this one small page only (issue7200 and issue3371 are OCR'd in the nightly run).
  "testOCR.pdf": { kind: "pdf", pages: 1, contains: ["Happy New Year 2003!"], ocr: true },
  "issue7200.pdf": { kind: "pdf", fails: "empty" }, // without OCR; see the nightly test
  "issue3371.pdf": { kind: "pdf", fails: "encrypted" },
  "issue6010_1.pdf": { kind: "pdf", pages: 1, contains: ["Issue 6010"], password: "abc" },
  "saslprep-r6.pdf": {
    kind: "pdf",
    pages: 1,
    contains: ["Hello pdf.js world"],
    password: "S\u00aaSL\u00adprep",
  },
  "bug900822.pdf": { kind: "pdf", pages: 1, contains: ["Pdf Test 1"] },
  "PDFBOX-4352-0.pdf": { kind: "pdf", fails: "empty" },
  "GHOSTSCRIPT-698804-1-fuzzed.pdf": { kind: "pdf", fails: "empty" },
  "REDHAT-1531897-0.pdf": { kind: "pdf", fails: "damaged" },
  "poppler-85140-0.pdf": { kind: "pdf", fails: "empty" },
  "issue15590.pdf": { kind: "pdf", fails: "empty" },
  "issue9105_other.pdf": { kind: "pdf", pages: 1, contains: ["Adobe tweet"] },
  "issue16538.pdf": { kind: "pdf", pages: 1, contains: ["マーケットモデル"] },
  "ArabicCIDTrueType.pdf": { kind: "pdf", pages: 1, contains: ["انواع الخطوط العربية"] },
  "issue11656.pdf": { kind: "pdf", pages: 1, contains: ["שלום עולם"] },
  "issue13211.pdf": { kind: "pdf", pages: 1, contains: ["เวกเตอร์"] },
  "160F-2019.pdf": {
    kind: "pdf",
    pages: 1,
    contains: ["Certificat de salaire, de retenue d'impôt"],
  },
  "testPDF_acroform3.pdf": {
    kind: "pdf",
    pages: 1,
    contains: ["Example PDF file that contains a form with a signature field"],
  },
  "issue14497.pdf": { kind: "pdf", pages: 1, contains: ["PROFESSIONAL LAND SURVEYORS"] },
  // Its only text ("Execute") is a button's caption, not page text; its scripts never run.
  "evaljs.pdf": { kind: "pdf", fails: "empty" },
  "autoprint.pdf": { kind: "pdf", fails: "empty" },
  "empty.pdf": { kind: "pdf", fails: "empty" },
  "attachment.pdf": {
    kind: "pdf",
    pages: 1,
    contains: ["This document contains one attachment"],
  },
  "tables.docx": {
    kind: "docx",
    contains: ["Above", "Top left", "Top right", "Bottom left", "Bottom right", "Below"],
  },
  "footnotes.docx": { kind: "docx", contains: ["Ouch", "A tachyon walks into a bar.", "Fin."] },
  "comments.docx": { kind: "docx", contains: ["Ouch", "A tachyon walks into a bar."] },
  "strict-format.docx": { kind: "docx", contains: ["Test"] },
  "testWORD_various.docx": {
    kind: "docx",
    contains: ["Here is a numbered list:", "This is a footnote."],
  },
  "testWORD_protected_passtika.docx": { kind: "docx", fails: "encrypted" },
  "testWORD_truncated.docx": { kind: "docx", fails: "damaged" },
  "test_recursive_embedded.docx": { kind: "docx", contains: ["embed_0"] },
  "ExternalEntityInText.docx": { kind: "docx", contains: ["Here should not be the POI web site"] },
  "testPPT_various.pptx": { kind: "pptx", pages: 1, contains: ["ゾルゲと尾崎、淡々と最期"] },
  "prs-notes.pptx": { kind: "pptx", pages: 1, contains: ["Notes"] },
  "testEXCEL.xlsx": {
    kind: "xlsx",
    pages: 3,
    contains: ["Sample Excel Worksheet - Numbers and their Squares"],
  },
  "poc-xmlbomb.xlsx": { kind: "xlsx", fails: "too_large" },
  "testODFwithOOo3.odt": { kind: "odt", contains: ["Tika is part of the Lucene project."] },
  "LibreOfficeWriter_odt_1.3.odt": { kind: "odt", contains: ["This is an example document"] },
  "testEPUB.epub": { kind: "epub", contains: ["This is the text for chapter One"] },
  "testHTML_utf8.html": { kind: "html", contains: ["åäö"] },
  "testArabicMisleadingCharset.html": { kind: "html", contains: ["اللغة العربية"] },
  "testHTML_script_in_body.html": { kind: "html", contains: ["This is a test."] },
  "xss-payload-list.html": { kind: "html", contains: ["alert(1)"] },
  "testMARKDOWN.md": { kind: "markdown", contains: ["Café naïve résumé", "Title"] },
  "testTXTNonASCIIUTF8.txt": {
    kind: "text",
    contains: ["Der schnelle braune Fuchs springt über den faulen Hund"],
  },
  "russian.cp866.txt": { kind: "text", contains: ["Однажды, в студеную зимнюю пору"] },
  "country-codes.csv": { kind: "csv", contains: ["أفغانستان", "阿富汗"] },
  "quotes_and_newlines.csv": { kind: "csv", contains: ['ha "ha" ha'] },
  "droste.zip": { kind: null, fails: "unsupported" },
  "testZip_relative.zip": { kind: null, fails: "unsupported" },
};
