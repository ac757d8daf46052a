import http from "node:http";
import { fileURLToPath } from "node:url";
import { closedLoop, failures, streamAnswer } from "./lib/answer-client.ts";
import { modelHandler, startAnswerStack } from "./lib/answer-stack.ts";
import { rssKb } from "./lib/process-stats.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";

/**
 * Gate G13's soak: streaming answers in closed loops for SOAK_SECONDS (1,800 in
 * `npm run test:nightly`; 60 by default) against one server (the built bundle, embedded
 * PostgreSQL). Targets: 0 failed answers, and the server's RSS over the last tenth of the run
 * less than 10% above the first tenth after the warm-up.
 */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 16);
const USERS = 40;
const SAMPLE_MS = 1_000;
const MAX_GROWTH = 0.1;

const mb = (kb: number) => Math.round(kb / 1024);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export async function soak(): Promise<BenchResult> {
  const stack = await startAnswerStack({
    handler: modelHandler({ chunks: 30, delayMs: 50 }),
    users: USERS,
    tier: "pro",
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  try {
    const once = (client: number) =>
      streamAnswer({
        origin: stack.server.origin,
        agent,
        cookie: stack.cookies[client % stack.cookies.length] ?? "",
        question: `Soak question from client ${client} at ${Date.now()}?`,
      });
    // Warm-up: first-use compilation and pools filled before the first sample.
    await closedLoop({ clients: CLIENTS, durationMs: 10_000, once });
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssKb(stack.server.pid)), SAMPLE_MS);
    const run = await closedLoop({ clients: CLIENTS, durationMs: SECONDS * 1000, once });
    clearInterval(sampler);
    const tenth = Math.max(1, Math.floor(samples.length / 10));
    const first = median(samples.slice(0, tenth));
    const last = median(samples.slice(-tenth));
    const growth = first > 0 ? (last - first) / first : 0;
    const failed = failures(run.results);
    const misses: string[] = [];
    if (failed.length > 0)
      misses.push(`soak: ${failed.length} failed answers (first: ${failed[0] ?? ""})`);
    if (growth >= MAX_GROWTH)
      misses.push(`soak: server RSS grew ${(growth * 100).toFixed(1)}% (target < 10%)`);
    const markdown = markdownTable(
      ["measure", "value", "target"],
      [
        ["duration (s), clients", `${Math.round(run.wallMs / 1000)}, ${CLIENTS}`, ""],
        ["answers", run.results.length, ""],
        ["answers per second", (run.results.length / (run.wallMs / 1000)).toFixed(1), ""],
        ["failed answers", failed.length, `0 ${verdict(failed.length === 0)}`],
        ["server RSS, first tenth → last tenth (MB, median)", `${mb(first)} → ${mb(last)}`, ""],
        ["RSS growth", `${(growth * 100).toFixed(1)}%`, `< 10% ${verdict(growth < MAX_GROWTH)}`],
      ],
    );
    return { title: `G13 soak (${SECONDS} s of streaming answers)`, markdown, misses };
  } finally {
    agent.destroy();
    await stack.stop();
  }
}

// `node --import tsx bench/soak.ts` (test:nightly): the table, exit 1 when a target is missed.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await soak();
  console.log(`\n### ${result.title}\n\n${result.markdown}\n`);
  for (const miss of result.misses) console.log(`- ${miss}`);
  process.exit(result.misses.length > 0 ? 1 : 0);
}
