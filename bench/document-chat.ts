import http from "node:http";
import { type AnswerTiming, failures, firstModelToken, streamAnswer } from "./lib/answer-client.ts";
import { modelHandler, startAnswerStack } from "./lib/answer-stack.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";
import { summarize } from "./lib/stats.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
/** Passages of the document (≈ 650 characters each, as the chunker cuts them). */
const PASSAGES = Number(process.env.BENCH_PASSAGES ?? 1000);
const TARGET_P50_MS = 20;

const WORDS = [
  "harbour",
  "ledger",
  "tide",
  "lantern",
  "keeper",
  "compass",
  "schooner",
  "channel",
  "beacon",
  "pilot",
  "anchor",
  "current",
  "reef",
  "signal",
  "cargo",
  "quay",
  "mooring",
  "buoy",
  "gale",
];

/** A plain-text document of about PASSAGES passages: numbered sections of distinct sentences. */
function bigDocument(): string {
  const sections: string[] = [];
  // The chunker packs about 1.7 of these sections into a passage.
  for (let n = 1; n <= Math.ceil(PASSAGES * 1.67); n++) {
    const sentences = Array.from({ length: 6 }, (_, s) => {
      const a = WORDS[(n * 7 + s) % WORDS.length];
      const b = WORDS[(n * 3 + s * 5) % WORDS.length];
      return `In entry ${n}.${s + 1} the ${a} was logged beside the ${b}, as the record of week ${(n % 52) + 1} says for the ${s % 2 ? "north" : "south"} basin.`;
    });
    sections.push(`Section ${n}\n\n${sentences.join(" ")}`);
  }
  return sections.join("\n\n");
}

async function upload(origin: string, cookie: string, text: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([text], { type: "text/plain" }), "harbour-ledger.txt");
  const res = await fetch(`${origin}/api/files`, {
    method: "POST",
    headers: { cookie, origin },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: HTTP ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const info = (await (
      await fetch(`${origin}/api/documents/${id}`, { headers: { cookie } })
    ).json()) as {
      status: string;
    };
    if (info.status === "ready") return id;
    if (info.status === "failed") throw new Error("the document failed to ingest");
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the document was not ready in 5 minutes");
}

async function passagesOf(origin: string, cookie: string, id: string): Promise<number> {
  const text = (await (
    await fetch(`${origin}/api/documents/${id}/text`, { headers: { cookie } })
  ).json()) as {
    pages: { passages: unknown[] }[];
  };
  return text.pages.reduce((sum, page) => sum + page.passages.length, 0);
}

const firstText = (timings: AnswerTiming[]) =>
  timings.flatMap((t) => (t.textMs === null ? [] : [t.textMs]));

/**
 * Document chat's server overhead to the first text token (issue: ≤ 20 ms p50 on a 1,000-passage
 * document, zero-latency fake model): POST /api/documents/:id/chat one question at a time, beside
 * the same fake model's own first token called directly (the upstream) and POST /api/answer with
 * the same question in the web focus (the answer path the document kind runs on, as the baseline).
 * Overhead = first text token − the model's own first token, alternating the three per round.
 */
export async function documentChat(): Promise<BenchResult> {
  const stack = await startAnswerStack({
    handler: modelHandler({ chunks: 20, delayMs: 0 }),
    users: 1,
    tier: "pro",
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  try {
    const origin = stack.server.origin;
    const cookie = stack.cookies[0] ?? "";
    const built = performance.now();
    const id = await upload(origin, cookie, bigDocument());
    const ingestMs = performance.now() - built;
    const passages = await passagesOf(origin, cookie, id);
    // Words every passage holds (the search ranks all 1,000), and one entry's number (a few).
    const questions = (round: number) =>
      `What was logged beside the ${WORDS[round % WORDS.length]} in the north basin?`;
    const specific = (round: number) => `What does entry ${100 + round * 7}.3 say?`;
    const specificRuns: AnswerTiming[] = [];
    const ask = (round: number, path: string, body: unknown) =>
      streamAnswer({ origin, agent, cookie, question: questions(round), path, body });
    const documentRuns: AnswerTiming[] = [];
    const answerRuns: AnswerTiming[] = [];
    const upstream: number[] = [];
    // Warm-up: the first of each pays for module loading and cold caches.
    for (let round = 0; round < 3; round++) {
      await ask(round, `/api/documents/${id}/chat`, { text: questions(round) });
      await ask(round, "/api/answer", { text: questions(round), focusMode: "web" });
    }
    for (let round = 0; round < ROUNDS; round++) {
      documentRuns.push(await ask(round, `/api/documents/${id}/chat`, { text: questions(round) }));
      specificRuns.push(await ask(round, `/api/documents/${id}/chat`, { text: specific(round) }));
      answerRuns.push(
        await ask(round, "/api/answer", { text: questions(round), focusMode: "web" }),
      );
      const started = performance.now();
      await firstModelToken(agent, stack.modelBaseUrl);
      upstream.push(performance.now() - started);
    }
    const failed = [...failures(documentRuns), ...failures(specificRuns), ...failures(answerRuns)];
    if (failed.length > 0) throw new Error(`failed requests: ${failed.slice(0, 3).join("; ")}`);
    const model = summarize(upstream);
    const doc = summarize(firstText(documentRuns));
    const one = summarize(firstText(specificRuns));
    const answer = summarize(firstText(answerRuns));
    const overhead = (p: number) => Math.round((p - model.p50) * 10) / 10;
    const rows = [
      ["fake model alone (upstream)", model.p50, model.p95, model.p99, "–"],
      [
        "POST /api/answer, web focus (baseline)",
        answer.p50,
        answer.p95,
        answer.p99,
        overhead(answer.p50),
      ],
      [
        `document chat (${passages} passages), words every passage holds`,
        doc.p50,
        doc.p95,
        doc.p99,
        overhead(doc.p50),
      ],
      ["document chat, one entry's number", one.p50, one.p95, one.p99, overhead(one.p50)],
    ];
    const misses =
      overhead(doc.p50) <= TARGET_P50_MS
        ? []
        : [`document chat: first-token overhead p50 ${overhead(doc.p50)} ms > ${TARGET_P50_MS} ms`];
    return {
      title: `Document chat: question to first text token (${ROUNDS} rounds, one at a time)`,
      markdown: [
        markdownTable(["path", "p50 ms", "p95 ms", "p99 ms", "overhead p50 ms"], rows),
        "",
        `Document: ${passages} passages (uploaded and read in ${Math.round(ingestMs / 1000)} s). Target: overhead p50 ≤ ${TARGET_P50_MS} ms — ${verdict(misses.length === 0)}.`,
      ].join("\n"),
      misses,
    };
  } finally {
    agent.destroy();
    await stack.stop();
  }
}
