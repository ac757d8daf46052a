import http from "node:http";
import os from "node:os";
import { failures, streamAnswer } from "./lib/answer-client.ts";
import { type AnswerStack, modelHandler, pool, startAnswerStack } from "./lib/answer-stack.ts";
import { bareCpu, startBare } from "./lib/bare-sdk-process.ts";
import { cpuMs } from "./lib/process-stats.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";
import { summarize } from "./lib/stats.ts";

/**
 * Issue 24's chat CPU benchmark: server CPU per 200-token answer, whole process (every thread),
 * Nexus (the built server: search, page reading, the model call on the AI SDK's streamText, save,
 * charge) beside the bare AI SDK endpoint (Hono + streamText + toUIMessageStreamResponse, its own
 * process: lib/bare-sdk-server.ts) on the same fake model, in one run: tokens back to back and
 * 5 ms apart. The two are measured in alternating rounds so a shared machine's drift hits both.
 * Then first text p50 with zero-latency fakes (one client). Targets: ≤ 1.1× the bare endpoint
 * back to back, ≤ 0.6× at 5 ms apart; first text p50 ≤ 15 ms.
 * BENCH_CHAT_ANSWERS (200) answers per measure, BENCH_CHAT_CLIENTS (10) clients,
 * BENCH_CHAT_ROUNDS (2) alternating rounds.
 */

const ANSWERS = Number(process.env.BENCH_CHAT_ANSWERS ?? 200);
const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 10);
const ROUNDS = Number(process.env.BENCH_CHAT_ROUNDS ?? 2);
const TOKENS = 200;
const WARMUP = 60;
const FIRST_TEXT_ANSWERS = 30;
const TARGETS: Record<number, number> = { 0: 1.1, 5: 0.6 };
const TARGET_FIRST_TEXT_MS = 15;

function nexusAnswers(stack: AnswerStack, agent: http.Agent, count: number, clients: number) {
  return pool(
    Array.from({ length: count }, (_, i) => i),
    clients,
    (i) =>
      streamAnswer({
        origin: stack.server.origin,
        agent,
        cookie: stack.cookies[i % stack.cookies.length] ?? "",
        question: `What is chat question ${i}?`,
        timeoutMs: 60_000,
      }),
  );
}

async function nexusCpu(stack: AnswerStack, agent: http.Agent, count: number) {
  const before = cpuMs(stack.server.pid).server;
  const run = await nexusAnswers(stack, agent, count, CLIENTS);
  return { perAnswer: (cpuMs(stack.server.pid).server - before) / count, errors: failures(run) };
}

export async function chatCpu(): Promise<BenchResult> {
  let delayMs = 0;
  const handlers = new Map(
    [0, 5].map((d) => [d, modelHandler({ chunks: TOKENS, delayMs: d })] as const),
  );
  const stack = await startAnswerStack({
    handler: (request) =>
      (handlers.get(delayMs) ?? modelHandler({ chunks: TOKENS, delayMs }))(request),
    users: CLIENTS,
    tier: "pro",
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const bare = await startBare(stack.model.baseUrl);
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  const misses: string[] = [];
  const loadBefore = os.loadavg();
  try {
    for (const delay of [0, 5]) {
      delayMs = delay;
      await nexusAnswers(stack, agent, WARMUP, CLIENTS);
      await bareCpu(bare, WARMUP, CLIENTS);
      const ours: number[] = [];
      const theirs: number[] = [];
      let errors = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const n = await nexusCpu(stack, agent, ANSWERS / ROUNDS);
        const b = await bareCpu(bare, ANSWERS / ROUNDS, CLIENTS);
        ours.push(n.perAnswer);
        theirs.push(b.perAnswer);
        errors += n.errors.length + b.errors;
      }
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      const nexus = mean(ours);
      const bareMs = mean(theirs);
      const ratio = nexus / bareMs;
      const target = TARGETS[delay] ?? 1;
      const label = delay === 0 ? "tokens back to back" : `tokens ${delay} ms apart`;
      rows.push(
        [`${label}: Nexus CPU per answer (ms, all threads)`, nexus.toFixed(1), "", "(context)"],
        [`${label}: bare Hono + streamText (ms)`, bareMs.toFixed(1), "", "(context)"],
        [`${label}: Nexus ÷ bare`, ratio.toFixed(2), `≤ ${target}`, verdict(ratio <= target)],
      );
      notes.push(
        `${label}: ${ANSWERS} answers each, ${CLIENTS} clients, ${ROUNDS} alternating rounds ` +
          `(Nexus ${ours.map((x) => x.toFixed(1)).join(" / ")}, bare ` +
          `${theirs.map((x) => x.toFixed(1)).join(" / ")} ms); ${errors} errors.`,
      );
      if (ratio > target) misses.push(`chat-cpu: ${label} ${ratio.toFixed(2)}× the bare endpoint`);
      if (errors > 0) misses.push(`chat-cpu: ${label}: ${errors} errors`);
    }
    delayMs = 0;
    const first = await nexusAnswers(stack, agent, FIRST_TEXT_ANSWERS, 1);
    const text = summarize(first.flatMap((t) => (t.textMs === null ? [] : [t.textMs])));
    const bareAgent = new http.Agent({ keepAlive: true });
    const bareFirst = await pool(
      Array.from({ length: FIRST_TEXT_ANSWERS }, (_, i) => i),
      1,
      (i) =>
        streamAnswer({
          origin: bare.origin,
          agent: bareAgent,
          cookie: "",
          question: `Bare ${i}?`,
          path: "/",
        }),
    );
    bareAgent.destroy();
    const bareText = summarize(bareFirst.flatMap((t) => (t.textMs === null ? [] : [t.textMs])));
    rows.push(
      [
        "first text p50, zero-latency fakes, one client (ms)",
        text.p50,
        `≤ ${TARGET_FIRST_TEXT_MS}`,
        verdict(text.p50 <= TARGET_FIRST_TEXT_MS),
      ],
      ["… the bare endpoint's first text p50 (ms)", bareText.p50, "", "(context)"],
    );
    notes.push(
      `first text: ${FIRST_TEXT_ANSWERS} answers, one client; Nexus p95 ${text.p95} ms ` +
        `(search, page reading and the model call included), bare p95 ${bareText.p95} ms.`,
    );
    if (text.p50 > TARGET_FIRST_TEXT_MS) misses.push(`chat-cpu: first text p50 ${text.p50} ms`);
  } finally {
    bare.stop();
    agent.destroy();
    await stack.stop();
  }
  const loadAfter = os.loadavg();
  notes.push(
    `load average (1/5/15 min) before ${loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ` +
      `${loadAfter.map((l) => l.toFixed(2)).join(" ")}; ${os.cpus().length} cores.`,
  );
  return {
    title: `Chat CPU (issue 24): Nexus beside a bare Hono + streamText endpoint, ${TOKENS}-token answers`,
    markdown: [
      markdownTable(["measure", "value", "target", "verdict"], rows),
      "",
      ...notes.map((n) => `- ${n}`),
    ].join("\n"),
    misses,
  };
}
