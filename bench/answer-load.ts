import fs from "node:fs";
import http from "node:http";
import { formatWaits } from "./answer-latency.ts";
import { streamAnswer } from "./lib/answer-client.ts";
import { modelHandler, startAnswerStack } from "./lib/answer-stack.ts";
import {
  cpuMs,
  sampleDbActivity,
  sampleMemory,
  serverLogErrors,
  serverPoolMax,
} from "./lib/process-stats.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";
import { summarize } from "./lib/stats.ts";

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 1000);
/** Signed-in free users (300 searches a month each); answers are spread evenly over them. */
const USERS = Number(process.env.BENCH_LOAD_USERS ?? ANSWERS);
/** "mixed": every second chat is a preset agent's reply (POST /api/agents/writer/chat). */
const KINDS = process.env.BENCH_LOAD_KINDS === "mixed" ? "mixed" : "answer";
const CHUNKS = 30;
const CHUNK_DELAY_MS = 50;
const TARGET_RSS_MB = 1024;

const mb = (kb: number) => Math.round(kb / 1024);

/**
 * 1,000 streaming answers started at once against one server (esbuild bundle, embedded
 * PostgreSQL), each from its own signed-in user; the fake model streams 30 chunks 50 ms apart so
 * every answer lasts ~1.5 s and they all overlap. Memory of the server and of its PostgreSQL is
 * sampled every 100 ms.
 */
export async function answerLoad(): Promise<BenchResult> {
  const stack = await startAnswerStack({
    handler: modelHandler({ chunks: CHUNKS, delayMs: CHUNK_DELAY_MS }),
    users: USERS,
    tier: "free",
  });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  try {
    // A few answers first, so the measured run does not include first-use compilation.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        streamAnswer({
          origin: stack.server.origin,
          agent,
          cookie: stack.cookies[i % stack.cookies.length] ?? "",
          question: `Warm-up question ${i}?`,
        }),
      ),
    );
    stack.model.reset();
    stack.searxng.requests.length = 0;
    const idle = sampleMemory(stack.server.pid).stop();

    const poolMax = serverPoolMax();
    const db = await sampleDbActivity(stack.dataDir, poolMax);
    const memory = sampleMemory(stack.server.pid, 100);
    const logOffset = stack.server.output().length;
    const cpuBefore = cpuMs(stack.server.pid);
    const benchCpuBefore = process.cpuUsage();
    const started = performance.now();
    const timings = await Promise.all(
      Array.from({ length: ANSWERS }, (_, i) => {
        const question = `What is load question ${i}?`;
        const agentReply = KINDS === "mixed" && i % 2 === 1;
        return streamAnswer({
          origin: stack.server.origin,
          agent,
          cookie: stack.cookies[i % stack.cookies.length] ?? "",
          question,
          timeoutMs: 120_000,
          ...(agentReply
            ? {
                path: "/api/agents/writer/chat",
                body: {
                  id: `load-${i}`,
                  messages: [{ role: "user", parts: [{ type: "text", text: question }] }],
                },
              }
            : {}),
        });
      }),
    );
    const wallMs = performance.now() - started;
    const cpuAfter = cpuMs(stack.server.pid);
    const serverCpu = cpuAfter.server - cpuBefore.server;
    const pgCpu = cpuAfter.pg - cpuBefore.pg;
    const benchCpuUsed = process.cpuUsage(benchCpuBefore);
    const benchCpu = (benchCpuUsed.user + benchCpuUsed.system) / 1000;
    const peaks = memory.stop();
    const activity = await db.stop();
    const logged = serverLogErrors(stack.server, logOffset);
    if (process.env.BENCH_SERVER_LOG)
      fs.writeFileSync(process.env.BENCH_SERVER_LOG, stack.server.output());

    const non200 = timings.filter((t) => t.status !== 200);
    const errorParts = timings.filter((t) => t.status === 200 && t.error !== null);
    const unfinished = timings.filter((t) => t.status === 200 && !t.finished && t.error === null);
    const errors = non200.length + errorParts.length + unfinished.length;
    const ok = timings.length - errors;
    const serverRssOk = peaks.serverKb <= TARGET_RSS_MB * 1024;
    const met = errors === 0 && serverRssOk;

    // All requests start at ~0, so an answer streams from its first byte to its end.
    const events = timings
      .filter((t) => t.status === 200 && t.firstByteMs !== null)
      .flatMap((t) => [
        [t.firstByteMs ?? 0, 1],
        [t.totalMs, -1],
      ])
      .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0));
    let streaming = 0;
    let mostStreaming = 0;
    for (const [, delta] of events) {
      streaming += delta ?? 0;
      mostStreaming = Math.max(mostStreaming, streaming);
    }
    const stat = (values: number[]) => summarize(values);
    const firstByte = stat(timings.flatMap((t) => (t.firstByteMs === null ? [] : [t.firstByteMs])));
    const source = stat(timings.flatMap((t) => (t.sourceMs === null ? [] : [t.sourceMs])));
    const text = stat(timings.flatMap((t) => (t.textMs === null ? [] : [t.textMs])));
    const total = stat(timings.map((t) => t.totalMs));
    const serverSearch = stat(
      timings.flatMap((t) => (t.serverTimings ? [t.serverTimings.searchMs] : [])),
    );
    const serverFirstToken = stat(
      timings.flatMap((t) => (t.serverTimings?.firstTokenMs ? [t.serverTimings.firstTokenMs] : [])),
    );

    const summaryRows: (string | number)[][] = [
      [
        KINDS === "mixed"
          ? "chats started at once (answers and agent replies, half each)"
          : "answers started at once",
        ANSWERS,
        "",
      ],
      ["ended with `finish`", ok, ""],
      [
        "errors (non-200 / error part / no `finish`)",
        `${errors} (${non200.length} / ${errorParts.length} / ${unfinished.length})`,
        verdict(errors === 0),
      ],
      ["most answers streaming at once (first byte → end)", mostStreaming, "(context)"],
      ["wall time, first request to last byte (s)", Math.round(wallMs / 100) / 10, ""],
      ["answers/s", Math.round((ANSWERS / wallMs) * 1000), ""],
      [
        "server CPU: share of one core / ms per answer",
        `${Math.round(serverCpu / 10 / (wallMs / 1000))}% / ${(serverCpu / ANSWERS).toFixed(1)}`,
        "(context)",
      ],
      [
        "PostgreSQL CPU: share of one core / ms per answer",
        `${Math.round(pgCpu / 10 / (wallMs / 1000))}% / ${(pgCpu / ANSWERS).toFixed(1)}`,
        "(context)",
      ],
      [
        // The clients, the fake model and the fake SearXNG share this process and the 2 cores.
        "this bench process (1,000 clients + fakes) CPU: share of one core",
        `${Math.round(benchCpu / 10 / (wallMs / 1000))}%`,
        "(context)",
      ],
      [
        "server RSS, idle → peak (MB)",
        `${mb(idle.serverKb)} → ${mb(peaks.serverKb)}`,
        verdict(serverRssOk),
      ],
      [
        `PostgreSQL RSS summed, ${peaks.pgProcesses} processes, peak (MB)`,
        `${mb(peaks.pgRssKb)} (idle ${mb(idle.pgRssKb)})`,
        "(context)",
      ],
      [
        "PostgreSQL PSS summed (shared memory counted once), peak (MB)",
        `${mb(peaks.pgPssKb)} (idle ${mb(idle.pgPssKb)})`,
        "(context)",
      ],
      ["server RSS + PostgreSQL PSS, peak (MB)", mb(peaks.serverKb + peaks.pgPssKb), "(context)"],
      [
        `database pool (max ${poolMax}): most connections / busy at once`,
        `${activity.maxConnections} / ${activity.maxBusy}`,
        "(context)",
      ],
      [
        "samples with the pool exhausted (all busy)",
        `${activity.saturatedSamples}/${activity.samples}`,
        "(context)",
      ],
    ];
    const timingRows = [
      ["first byte (`start`)", firstByte],
      ["first `source-url`", source],
      ["first `text-delta`", text],
      ["whole answer", total],
      ["server's timings.searchMs (start → search done)", serverSearch],
      ["server's timings.firstTokenMs", serverFirstToken],
    ] as const;

    const misses: string[] = [];
    if (!met) {
      misses.push(
        `answer-load: ${errors} errors of ${ANSWERS}, server RSS peak ${mb(peaks.serverKb)} MB ` +
          `(target 0 errors, RSS ≤ ${TARGET_RSS_MB} MB)`,
      );
    }
    const samples = new Map<string, number>();
    for (const t of [...non200, ...errorParts, ...unfinished]) {
      const key = (t.error ?? `HTTP ${t.status}, no finish`).slice(0, 160);
      samples.set(key, (samples.get(key) ?? 0) + 1);
    }
    for (const [message, count] of samples) misses.push(`answer-load ×${count}: ${message}`);

    const markdown = [
      markdownTable(["measure", "value", `0 errors, RSS ≤ ${TARGET_RSS_MB} MB`], summaryRows),
      "",
      markdownTable(
        ["per answer (ms)", "p50", "p95", "p99", "max"],
        timingRows.map(([label, s]) => [label, s.p50, s.p95, s.p99, s.max]),
      ),
      "",
      `Fake model: ${CHUNKS} chunks ${CHUNK_DELAY_MS} ms apart (≥ ${(CHUNKS * CHUNK_DELAY_MS) / 1000} s of streaming per answer). ` +
        `${USERS} signed-in free users. Busy database backends by wait event (summed over ` +
        `${activity.samples} samples): ${formatWaits(activity.waits)}. PostgreSQL: ${activity.settings}.` +
        (samples.size
          ? `\n\nErrors: ${[...samples].map(([m, n]) => `${n}× ${m}`).join("; ")}`
          : "") +
        (logged.size
          ? `\n\nServer log, warn and above: ${[...logged].map(([m, n]) => `${n}× ${m}`).join("; ")}`
          : ""),
    ].join("\n");
    return {
      title: `Answer load: ${ANSWERS} concurrent streaming answers on one instance`,
      markdown,
      misses,
    };
  } finally {
    agent.destroy();
    await stack.stop();
  }
}
