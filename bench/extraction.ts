import { performance } from "node:perf_hooks";
import type { ExtractionField, ExtractionItem } from "@nexus/contracts";
import { groundCell, sourceText } from "../apps/server/src/modules/extraction/extraction.cells.ts";
import {
  PAGE_HOST,
  pageSentences,
  startPages,
} from "../apps/server/src/modules/research/research-engine-kit.ts";
import type { FakeBehaviour, RecordedRequest } from "../e2e/fakes/openai-server.ts";
import { startAnswerStack } from "./lib/answer-stack.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";
import { summarize } from "./lib/stats.ts";

/**
 * Structured extraction (issue 39) with instant fakes (model, web pages on 127.0.0.7) against the
 * server process with its embedded PostgreSQL and job queue:
 * - 100 sources × 10 fields, POST to the run's end, at the configured concurrency (≤ 10 s);
 * - orchestration per source p50 (≤ 20 ms): one source after another (EXTRACTION_CONCURRENCY=1),
 *   the gap between consecutive row events — page fetch and text, the structured call to the
 *   instant model, grounding, the row's save and its event;
 * - quote alignment per cell p99 (≤ 1 ms): groundCell in process over the same pages.
 */
const SOURCES = 100;
const FIELDS = 10;
const RUNS = Number(process.env.BENCH_EXTRACTION_RUNS ?? 3);
const TARGETS = { runMs: 10_000, sourceMs: 20, cellMs: 1 };

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
const slugOf = (i: number) => `src-${LETTERS[Math.floor(i / 26)]}${LETTERS[i % 26]}`;
const fields: ExtractionField[] = Array.from({ length: FIELDS }, (_, i) => ({
  key: `field_${i}`,
  name: `Field ${i}`,
  type: i % 3 === 1 ? "number" : "text",
  instructions: "",
  required: false,
  choices: [],
}));

function textOf(request: RecordedRequest): string {
  return request.messages
    .map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)))
    .join("\n");
}

/** Each field answered with a sentence of the page (one in ten is a quote it does not hold). */
function answer(slug: string): Record<string, { value: unknown; quote: string }> {
  const sentences = pageSentences(slug);
  return Object.fromEntries(
    fields.map((f, i) => {
      const quote = i === 9 ? "A sentence this page does not hold." : (sentences[i % 4] ?? "");
      return [f.key, { value: f.type === "number" ? 90 + i : quote.slice(0, 40), quote }];
    }),
  );
}

function handler(request: RecordedRequest): FakeBehaviour {
  const slug = /\/page\/([a-z-]+)/.exec(textOf(request))?.[1] ?? "none";
  return { kind: "text", text: JSON.stringify(answer(slug)) };
}

interface Event {
  type: string;
  at: string;
}

async function runOnce(origin: string, cookie: string, port: number) {
  const t0 = performance.now();
  const res = await fetch(`${origin}/api/extractions`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/json" },
    body: JSON.stringify({
      title: "Bench",
      fields,
      sources: Array.from({ length: SOURCES }, (_, i) => ({
        kind: "url",
        url: `http://${PAGE_HOST}:${port}/page/${slugOf(i)}`,
      })),
    }),
  });
  if (res.status !== 201) throw new Error(`start: HTTP ${res.status} ${await res.text()}`);
  const item = (await res.json()) as ExtractionItem;
  const events = await fetch(`${origin}/api/runs/${item.runId}/events`, { headers: { cookie } });
  const text = await events.text(); // the stream ends with the run
  const ms = performance.now() - t0;
  const rows: Event[] = [];
  for (const block of text.split("\n\n")) {
    const data = /^data: ?(.*)$/m.exec(block)?.[1];
    if (data && /^id: ?/m.test(block)) {
      const event = JSON.parse(data) as Event;
      if (event.type === "extraction-row") rows.push(event);
    }
  }
  const done = await (
    await fetch(`${origin}/api/extractions/${item.id}`, { headers: { cookie } })
  ).json();
  return { ms, rows, item: done as ExtractionItem };
}

async function withStack<T>(
  concurrency: number,
  work: (origin: string, cookie: string) => Promise<T>,
): Promise<T> {
  const stack = await startAnswerStack({
    handler,
    users: 1,
    tier: "free",
    extraEnv: {
      WEB_FETCH_ALLOW_ADDRESSES: PAGE_HOST,
      TIER_LIMITS: "free.agent=10000",
      EXTRACTION_CONCURRENCY: String(concurrency),
    },
    // To profile the server: BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=…".
    nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean),
  });
  try {
    return await work(stack.server.origin, stack.cookies[0] ?? "");
  } finally {
    await stack.stop();
  }
}

/** groundCell's time per cell over the bench's pages (10 fields × 100 sources, 5 rounds). */
function alignment(): number[] {
  const times: number[] = [];
  for (let round = 0; round < 5; round++)
    for (let i = 0; i < SOURCES; i++) {
      const slug = slugOf(i);
      const source = sourceText([{ page: 1, text: `${slug}\n${pageSentences(slug).join("\n")}` }]);
      const given = answer(slug);
      for (const f of fields) {
        const t = performance.now();
        groundCell(f, given[f.key] ?? { value: null, quote: null }, source);
        times.push(performance.now() - t);
      }
    }
  return times.slice(SOURCES * FIELDS); // the first round warms the matcher up
}

export async function extraction(): Promise<BenchResult> {
  const pages = await startPages();
  try {
    const configured = 4;
    const e2e = await withStack(configured, async (origin, cookie) => {
      const out: Array<{ ms: number; done: number; marks: Record<string, number> }> = [];
      for (let r = 0; r < RUNS; r++) {
        const { ms, item } = await runOnce(origin, cookie, pages.port);
        const marks: Record<string, number> = {};
        for (const row of item.rows)
          for (const cell of Object.values(row.cells))
            marks[cell.mark] = (marks[cell.mark] ?? 0) + 1;
        out.push({ ms, done: item.rows.filter((x) => x.status === "done").length, marks });
      }
      return out;
    });
    const gaps = await withStack(1, async (origin, cookie) => {
      const { rows } = await runOnce(origin, cookie, pages.port);
      const at = rows.map((e) => Date.parse(e.at));
      return at.slice(1).map((t, i) => t - (at[i] ?? t));
    });
    const run$ = summarize(e2e.map((r) => r.ms));
    const source$ = summarize(gaps);
    const cells = alignment();
    const cell$ = summarize(cells);
    const last = e2e.at(-1);
    const misses = [
      ...(run$.p50 <= TARGETS.runMs ? [] : [`extraction: 100×10 run p50 ${run$.p50} ms`]),
      ...(source$.p50 <= TARGETS.sourceMs
        ? []
        : [`extraction: orchestration per source p50 ${source$.p50} ms`]),
      ...(cell$.p99 <= TARGETS.cellMs
        ? []
        : [`extraction: alignment per cell p99 ${cell$.p99} ms`]),
    ];
    return {
      title: `Structured extraction with instant fakes (${SOURCES} sources × ${FIELDS} fields, ${RUNS} runs)`,
      markdown: [
        markdownTable(
          ["measure", "n", "p50 ms", "p95 ms", "p99 ms", "max ms"],
          [
            [
              `run, POST to its end (concurrency ${configured})`,
              e2e.length,
              run$.p50,
              run$.p95,
              run$.p99,
              run$.max,
            ],
            [
              "orchestration per source (concurrency 1, row event to row event)",
              gaps.length,
              source$.p50,
              source$.p95,
              source$.p99,
              source$.max,
            ],
            [
              "quote alignment per cell (groundCell)",
              cells.length,
              cell$.p50,
              cell$.p95,
              cell$.p99,
              cell$.max,
            ],
          ],
        ),
        "",
        `Last run: ${last?.done ?? 0}/${SOURCES} rows done; marks ${JSON.stringify(last?.marks ?? {})}. Event times are the database's (1 ms resolution). Targets: run ≤ ${TARGETS.runMs} ms — ${verdict(run$.p50 <= TARGETS.runMs)}; per source p50 ≤ ${TARGETS.sourceMs} ms — ${verdict(source$.p50 <= TARGETS.sourceMs)}; per cell p99 ≤ ${TARGETS.cellMs} ms — ${verdict(cell$.p99 <= TARGETS.cellMs)}.`,
      ].join("\n"),
      misses,
    };
  } finally {
    await pages.close();
  }
}
