import http from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { type AnswerTiming, closedLoop, streamAnswer, upstreamOnce } from "./lib/answer-client.ts";
import { modelHandler, type ResultHosts, startAnswerStack } from "./lib/answer-stack.ts";
import { cpuMs, sampleDbActivity, serverPoolMax } from "./lib/process-stats.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";
import { summarize } from "./lib/stats.ts";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 12);
const WARMUP_S = Math.min(3, Math.max(1, DURATION_S / 4));
const TARGET_P50_MS = 15;
const TARGET_P99_MS = 50;
/** Enough pro users that no two clients share a usage-counter row. */
const USERS = CLIENTS;

export function formatWaits(waits: Record<string, number>): string {
  const entries = Object.entries(waits).sort((a, b) => b[1] - a[1]);
  return entries.length ? entries.map(([k, v]) => `${k} ${v}`).join(", ") : "none";
}

const valuesOf = (
  timings: AnswerTiming[],
  key: "firstByteMs" | "serverHeadersMs" | "sourceMs" | "textMs",
) => timings.flatMap((t) => (t[key] === null ? [] : [t[key]]));

/**
 * POST /api/answer against the real server (esbuild bundle, embedded PostgreSQL, 50 signed-in pro
 * users) with an instant fake model and an instant fake SearXNG: 50 clients in closed loops. The
 * same calls made directly to the fakes give the upstream time, so overhead = server − upstream.
 */
export async function answerLatency(): Promise<BenchResult> {
  const hosts: ResultHosts = process.env.BENCH_RESULT_HOSTS === "invalid" ? "invalid" : "localhost";
  const stack = await startAnswerStack({
    handler: modelHandler({ chunks: 20, delayMs: 0 }),
    users: USERS,
    tier: "pro",
    hosts,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  try {
    const once = (client: number) =>
      streamAnswer({
        origin: stack.server.origin,
        agent,
        cookie: stack.cookies[client % stack.cookies.length] ?? "",
        question: `What is benchmark question ${client}?`,
      });
    await closedLoop({ clients: CLIENTS, durationMs: WARMUP_S * 1000, once });
    stack.model.reset();
    stack.searxng.requests.length = 0;

    // Context: one client at a time, the latency without queueing.
    const single = await closedLoop({
      clients: 1,
      durationMs: Math.min(3, DURATION_S) * 1000,
      once,
    });

    const poolMax = serverPoolMax();
    const db = await sampleDbActivity(stack.dataDir, poolMax);
    const cpuBefore = cpuMs(stack.server.pid);
    // The bench process's own event-loop delay: its clients read the first byte through it.
    const benchLoop = monitorEventLoopDelay({ resolution: 1 });
    benchLoop.enable();
    const run = await closedLoop({ clients: CLIENTS, durationMs: DURATION_S * 1000, once });
    benchLoop.disable();
    const cpuAfter = cpuMs(stack.server.pid);
    const activity = await db.stop();
    stack.model.reset();
    stack.searxng.requests.length = 0;

    // The same upstream calls, directly, at the same concurrency (server idle meanwhile).
    const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
    const upstreamOptions = {
      agent: upstreamAgent,
      searxngUrl: stack.searxng.url,
      modelBaseUrl: stack.model.baseUrl,
    };
    await closedLoop({
      clients: CLIENTS,
      durationMs: 1000,
      once: () => upstreamOnce(upstreamOptions),
    });
    const upstream = await closedLoop({
      clients: CLIENTS,
      durationMs: Math.min(5, DURATION_S) * 1000,
      once: () => upstreamOnce(upstreamOptions),
    });
    upstreamAgent.destroy();

    const timings = run.results;
    const non200 = timings.filter((t) => t.status !== 200).length;
    const errorParts = timings.filter((t) => t.status === 200 && t.error !== null).length;
    const unfinished = timings.filter((t) => t.status === 200 && !t.finished && !t.error).length;
    const errors = non200 + errorParts + unfinished;

    const firstByte = summarize(valuesOf(timings, "firstByteMs"));
    const serverHeaders = summarize(valuesOf(timings, "serverHeadersMs"));
    const source = summarize(valuesOf(timings, "sourceMs"));
    const text = summarize(valuesOf(timings, "textMs"));
    const total = summarize(timings.map((t) => t.totalMs));
    const search = summarize(upstream.results.map((u) => u.searchMs));
    const modelFirst = summarize(upstream.results.map((u) => u.modelFirstTokenMs));
    const chain = summarize(upstream.results.map((u) => u.chainMs));
    const minus = (a: typeof firstByte, b: typeof firstByte) => ({
      p50: Math.round((a.p50 - b.p50) * 10) / 10,
      p95: Math.round((a.p95 - b.p95) * 10) / 10,
      p99: Math.round((a.p99 - b.p99) * 10) / 10,
      max: Math.round((a.max - b.max) * 10) / 10,
    });
    const sourceOverhead = minus(source, search);
    const textOverhead = minus(text, chain);
    const meets = (s: typeof firstByte) =>
      s.p50 <= TARGET_P50_MS && s.p99 <= TARGET_P99_MS && errors === 0;
    const target = `p50 ≤ ${TARGET_P50_MS}, p99 ≤ ${TARGET_P99_MS}, 0 errors`;

    type Row = [string, typeof firstByte, string, string];
    const rows: Row[] = [
      ["server: first byte (headers + `start` part)", firstByte, target, verdict(meets(firstByte))],
      [
        "server-side: request received → headers (Server-Timing)",
        serverHeaders,
        target,
        verdict(meets(serverHeaders)),
      ],
      ["server: first `source-url` part", source, "", "(context)"],
      ["server: first `text-delta` part", text, "", "(context)"],
      ["server: whole answer (`finish` part)", total, "", "(context)"],
      ["upstream: fake SearXNG, 3 categories in parallel", search, "", "(context)"],
      ["upstream: fake model, first content chunk", modelFirst, "", "(context)"],
      ["upstream: search then model first chunk", chain, "", "(context)"],
      ["overhead to first `source-url` (server − search)", sourceOverhead, "", "(context)"],
      [
        "overhead to first text token (server − search+model)",
        textOverhead,
        target,
        verdict(meets(textOverhead)),
      ],
    ];
    const misses: string[] = [];
    for (const [label, s, t, v] of rows) {
      if (t && v !== "ok")
        misses.push(
          `answer-latency ${label}: p50 ${s.p50} ms, p99 ${s.p99} ms, ${errors} errors (target ${t})`,
        );
    }
    const firstError = timings.find((t) => t.error !== null || t.status !== 200);
    if (firstError) misses.push(`answer-latency first error: ${firstError.error}`);

    const answersPerS = Math.round((timings.length / run.wallMs) * 1000);
    const serverCpu = cpuAfter.server - cpuBefore.server;
    const pgCpu = cpuAfter.pg - cpuBefore.pg;
    const singleFirst = summarize(valuesOf(single.results, "firstByteMs"));
    const singleText = summarize(valuesOf(single.results, "textMs"));
    const singleTotal = summarize(single.results.map((t) => t.totalMs));
    const markdown = [
      markdownTable(
        ["timing (ms)", "p50", "p95", "p99", "max", "target", "verdict"],
        rows.map(([label, s, t, v]) => [label, s.p50, s.p95, s.p99, s.max, t, v]),
      ),
      "",
      `${timings.length} answers in ${(run.wallMs / 1000).toFixed(1)} s (${answersPerS}/s), ` +
        `${non200} non-200, ${errorParts} error parts, ${unfinished} without \`finish\` → ` +
        `**${errors} errors**. Upstream baseline: ${upstream.results.length} calls.`,
      `Server CPU: ${Math.round(serverCpu / 10 / (run.wallMs / 1000))}% of one core, ` +
        `${(serverCpu / Math.max(1, timings.length)).toFixed(1)} ms per answer; PostgreSQL ` +
        `${Math.round(pgCpu / 10 / (run.wallMs / 1000))}% of one core, ` +
        `${(pgCpu / Math.max(1, timings.length)).toFixed(1)} ms per answer.`,
      `Bench process event-loop delay (its 50 clients read every byte through it): p50 ` +
        `${(benchLoop.percentile(50) / 1e6).toFixed(1)} / p99 ${(benchLoop.percentile(99) / 1e6).toFixed(1)} ms.`,
      `Context, one client at a time (${single.results.length} answers, ` +
        `${Math.round((single.results.length / single.wallMs) * 1000)}/s): first byte p50 ` +
        `${singleFirst.p50} / p99 ${singleFirst.p99} ms, first text-delta p50 ${singleText.p50} / ` +
        `p99 ${singleText.p99} ms, whole answer p50 ${singleTotal.p50} ms.`,
      `Database pool (max ${poolMax}): at most ${activity.maxConnections} connections, ` +
        `${activity.maxBusy} busy at once, saturated in ${activity.saturatedSamples}/${activity.samples} ` +
        `samples, at most ${activity.maxLockWaits} waiting on a lock. Busy backends by wait event ` +
        `(summed over samples): ${formatWaits(activity.waits)}. PostgreSQL: ${activity.settings}.`,
      `Fake result URLs: \`*.nexus-bench.${hosts}\` (${
        hosts === "localhost"
          ? "refused by web-fetch before DNS, so page reading is ~free"
          : "resolved by getaddrinfo: page reading waits for DNS"
      }). Overhead rows subtract upstream percentiles from server percentiles (not per request).`,
    ].join("\n");
    return {
      title: `Answer latency: POST /api/answer, ${CLIENTS} concurrent closed-loop clients, ${DURATION_S} s, instant fake model + SearXNG`,
      markdown,
      misses,
    };
  } finally {
    agent.destroy();
    await stack.stop();
  }
}
