import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import {
  closePageTextWorkers,
  PageTextError,
  readPageText,
  warmPageText,
} from "../apps/server/src/integrations/page-text/page-text-pool.ts";
import { type BenchResult, markdownTable } from "./lib/report.ts";

/**
 * Hostile and ordinary web pages turned into text (issue 36, finding 1), side by side in one run:
 * - before: linkedom + Readability as page-reader.ts ran them, on the calling thread — measured
 *   here in a worker of its own so the bench survives it, stopped after BASELINE_CAP_MS (the
 *   calling thread would have been blocked for the whole of it);
 * - after: readPageText (page-text-pool.ts): caps and a linear walk, in a worker ended after 1 s.
 * The main thread's longest stall is read with monitorEventLoopDelay while each page is read.
 */
const BASELINE_CAP_MS = Number(process.env.BENCH_PAGE_TEXT_CAP_MS ?? 30_000);

const nested = (depth: number) =>
  `<html><body>${"<div>".repeat(depth)}deep text${"</div>".repeat(depth)}</body></html>`;

const PAGES: Array<{ name: string; html: string }> = [
  {
    name: "an ordinary article (control)",
    html: `<html><head><title>Tides</title></head><body><article><h1>Tides</h1>${"<p>The moon's gravity pulls the oceans toward it, which makes two high tides every day.</p>".repeat(60)}</article></body></html>`,
  },
  { name: "<div>s nested 2,000 deep", html: nested(2_000) },
  { name: "<div>s nested 5,000 deep", html: nested(5_000) },
  { name: "<div>s nested 20,000 deep", html: nested(20_000) },
  { name: "2 MB of <br>", html: `<html><body>${"<br>".repeat(500_000)}</body></html>` },
  {
    name: "a 40,000-row table",
    html: `<html><body><table>${"<tr><td>cell</td><td>value</td></tr>".repeat(40_000)}</table></body></html>`,
  },
];

const BASELINE_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { parseHTML } = require(workerData.linkedom);
const { Readability } = require(workerData.readability);
const started = performance.now();
try {
  const { document } = parseHTML(workerData.html);
  const article = new Readability(document).parse();
  const text = (article && article.textContent) || document.body?.textContent || "";
  parentPort.postMessage({ ms: performance.now() - started, chars: text.trim().length });
} catch (error) {
  parentPort.postMessage({ ms: performance.now() - started, error: String(error.message || error).slice(0, 60) });
}
`;

function baseline(html: string): Promise<string> {
  const worker = new Worker(BASELINE_SOURCE, {
    eval: true,
    workerData: {
      html,
      linkedom: import.meta.resolve("linkedom").replace("file://", ""),
      readability: import.meta.resolve("@mozilla/readability").replace("file://", ""),
    },
    resourceLimits: { stackSizeMb: 4 },
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(`> ${(BASELINE_CAP_MS / 1000).toFixed(0)} s (stopped)`);
    }, BASELINE_CAP_MS);
    worker.once("message", (m: { ms: number; chars?: number; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(
        m.error
          ? `${Math.round(m.ms).toLocaleString("en")} ms, failed: ${m.error}`
          : `${Math.round(m.ms).toLocaleString("en")} ms, ${m.chars?.toLocaleString("en")} chars`,
      );
    });
    worker.once("error", (error) => {
      clearTimeout(timer);
      resolve(`failed: ${error.message.slice(0, 60)}`);
    });
  });
}

async function after(html: string): Promise<{ outcome: string; stallMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  let outcome: string;
  try {
    const read = await readPageText({ html, contentType: "text/html", maxChars: 100_000 });
    outcome = `${Math.round(performance.now() - started).toLocaleString("en")} ms, ${read.text.length.toLocaleString("en")} chars`;
  } catch (error) {
    const reason = error instanceof PageTextError ? error.reason : String(error);
    outcome = `${Math.round(performance.now() - started).toLocaleString("en")} ms, refused: ${reason}`;
  }
  delay.disable();
  return { outcome, stallMs: Math.round(delay.max / 1e6) };
}

export async function pageTextBench(): Promise<BenchResult> {
  await warmPageText();
  const rows: (string | number)[][] = [];
  const misses: string[] = [];
  try {
    for (const page of PAGES) {
      const before = await baseline(page.html);
      const { outcome, stallMs } = await after(page.html);
      rows.push([
        page.name,
        `${Math.round(page.html.length / 1024).toLocaleString("en")} KB`,
        before,
        outcome,
        stallMs,
      ]);
      if (stallMs > 100)
        misses.push(`page-text: ${page.name} stalled the main thread ${stallMs} ms`);
    }
  } finally {
    await closePageTextWorkers();
  }
  return {
    title:
      "Web pages to text: linkedom + Readability on the calling thread (before) beside the page-text workers (after)",
    markdown: markdownTable(
      [
        "page",
        "size",
        "before: on the calling thread",
        "after: readPageText",
        "after: main thread's longest stall ms",
      ],
      rows,
    ),
    misses,
  };
}

// Run on its own: `npx tsx bench/page-text.ts`.
if (process.argv[1]?.endsWith("page-text.ts")) {
  const result = await pageTextBench();
  console.log(`## ${result.title}\n\n${result.markdown}`);
  if (result.misses.length > 0) console.log(`\nMissed: ${result.misses.join("; ")}`);
}
