import fs from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseDocument } from "../apps/server/src/integrations/document-text/parse.ts";
import {
  closeIdleParseProcesses,
  parseInProcess,
} from "../apps/server/src/integrations/document-text/parse-process.ts";
import type { ParseLimits } from "../apps/server/src/integrations/document-text/types.ts";
import { REPO_ROOT } from "../e2e/support/server-process.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";

/**
 * Document parsing (issue 14): text-PDF pages/s through the parse worker (what ingestion runs) and
 * in-process, the main thread's event-loop delay p99 while the worker parses, and OCR pages/s.
 * The issue's ≥ 40 pages/s is for the whole ingestion (to searchable); this is the parser's part.
 * BENCH_PDF_ROUNDS (default 5) repeats the text PDFs; BENCH_OCR_ROUNDS (default 2) the scans.
 */

const DOCS = path.resolve(REPO_ROOT, "../shared/fixtures/documents");
const TEXT_PDFS = ["tracemonkey.pdf", "pdkids.pdf", "bug1997343.pdf", "file_pdfjs_test.pdf"];
const SCANS = ["testOCR.pdf", "issue7200.pdf"];
const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 5);
const OCR_ROUNDS = Number(process.env.BENCH_OCR_ROUNDS ?? 2);
const LIMITS: ParseLimits = { maxPages: 2000, maxChars: 20_000_000, maxExpandedBytes: 1e9 };
const TARGET_PAGES_PER_S = 40;
const TARGET_DELAY_MS = 20;

const read = (name: string) => new Uint8Array(fs.readFileSync(path.join(DOCS, name)));
const round1 = (v: number) => Math.round(v * 10) / 10;

async function timed(run: () => Promise<number>): Promise<{ pages: number; ms: number }> {
  const started = performance.now();
  const pages = await run();
  return { pages, ms: performance.now() - started };
}

export async function documentParse(): Promise<BenchResult> {
  const pdfs = TEXT_PDFS.map((name) => ({ name, bytes: read(name) }));
  const scans = SCANS.map((name) => ({ name, bytes: read(name) }));
  // Warm-up: the worker thread starts and loads pdf.js once; ingestion keeps it warm the same way.
  await parseInProcess({ kind: "pdf", bytes: pdfs[0]?.bytes ?? new Uint8Array(), limits: LIMITS });

  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const worker = await timed(async () => {
    let pages = 0;
    for (let r = 0; r < ROUNDS; r++)
      for (const pdf of pdfs)
        pages += (
          await parseInProcess({ kind: "pdf", bytes: pdf.bytes, limits: LIMITS, ocr: false })
        ).pages.length;
    return pages;
  });
  histogram.disable();
  const delayP99 = round1(histogram.percentile(99) / 1e6);
  const delayMax = round1(histogram.max / 1e6);

  const cpuBefore = process.cpuUsage();
  const inProcess = await timed(async () => {
    let pages = 0;
    for (let r = 0; r < ROUNDS; r++)
      for (const pdf of pdfs)
        pages += (
          await parseDocument({ kind: "pdf", bytes: pdf.bytes, limits: LIMITS, ocr: false })
        ).pages.length;
    return pages;
  });
  const cpu = process.cpuUsage(cpuBefore);
  // Pages per CPU-second of this thread: what one core gives when it is not shared.
  const perCpuSecond = round1(inProcess.pages / ((cpu.user + cpu.system) / 1e6));

  const ocr = await timed(async () => {
    let pages = 0;
    for (let r = 0; r < OCR_ROUNDS; r++)
      for (const scan of scans) {
        const doc = await parseInProcess({ kind: "pdf", bytes: scan.bytes, limits: LIMITS });
        pages += doc.pages.filter((p) => p.ocr).length;
      }
    return pages;
  });
  await closeIdleParseProcesses();

  const rate = (r: { pages: number; ms: number }) => round1(r.pages / (r.ms / 1000));
  const workerRate = rate(worker);
  const ok = workerRate >= TARGET_PAGES_PER_S;
  const delayOk = delayP99 <= TARGET_DELAY_MS;
  const misses: string[] = [];
  if (!ok)
    misses.push(
      `PDF parsing in the worker: ${workerRate} pages/s (target ≥ ${TARGET_PAGES_PER_S})`,
    );
  if (!delayOk)
    misses.push(`event-loop delay p99 while parsing: ${delayP99} ms (target ≤ ${TARGET_DELAY_MS})`);
  const rows: (string | number)[][] = [
    [
      "text PDFs through parse-worker",
      worker.pages,
      Math.round(worker.ms),
      workerRate,
      verdict(ok),
    ],
    [
      "text PDFs in process (context)",
      inProcess.pages,
      Math.round(inProcess.ms),
      rate(inProcess),
      "(context)",
    ],
    [
      "text PDFs in process, per CPU-second of its thread",
      inProcess.pages,
      Math.round((cpu.user + cpu.system) / 1000),
      perCpuSecond,
      "(context)",
    ],
    [
      "scanned pages, OCR, through parse-worker",
      ocr.pages,
      Math.round(ocr.ms),
      rate(ocr),
      "(reported)",
    ],
  ];
  return {
    title: `Document parsing: ${TEXT_PDFS.join(", ")} × ${ROUNDS}; OCR ${SCANS.join(", ")} × ${OCR_ROUNDS}`,
    markdown: `${markdownTable(["what", "pages", "ms", "pages/s", `≥ ${TARGET_PAGES_PER_S} pages/s`], rows)}\n\nMain thread event-loop delay while the worker parsed: p99 ${delayP99} ms, max ${delayMax} ms (${verdict(delayOk)}, target p99 ≤ ${TARGET_DELAY_MS} ms).`,
    misses,
  };
}
