import fs from "node:fs";
import path from "node:path";
import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { streamText } from "ai";
import { EVAL_QUESTIONS } from "../apps/server/src/ai/offline/offline-eval.questions.ts";
import { createOfflineModel } from "../apps/server/src/ai/offline/offline-model.ts";
import {
  focusMarker,
  formatSources,
  type SourceInput,
} from "../apps/server/src/ai/offline/prompt-format.ts";
import { parseKnowledgeDocument } from "../apps/server/src/integrations/search/knowledge-chunker.ts";
import { KNOWLEDGE_DIR } from "../apps/server/src/integrations/search/knowledge-index.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";

const SOURCES = 10;
const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 500);
const WARM_UP = 30;
const TARGET_MS = 50;
const SOURCE_MIN_CHARS = 1_400;
const SOURCE_MAX_CHARS = 2_000;

/** Ten realistic sources: the first 1–2 KB (whole passages) of ten knowledge documents. */
function benchSources(): SourceInput[] {
  const files = fs
    .readdirSync(KNOWLEDGE_DIR, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".md"))
    .sort();
  const sources: SourceInput[] = [];
  for (const file of files) {
    const doc = parseKnowledgeDocument({
      slug: path.basename(file, ".md"),
      markdown: fs.readFileSync(path.join(KNOWLEDGE_DIR, file), "utf8"),
    });
    let content = "";
    for (const passage of doc.passages) {
      if (content.length >= SOURCE_MIN_CHARS) break;
      const next = content ? `${content}\n${passage.content}` : passage.content;
      if (next.length > SOURCE_MAX_CHARS && content.length > 0) break;
      content = next.slice(0, SOURCE_MAX_CHARS);
    }
    if (content.length >= SOURCE_MIN_CHARS)
      sources.push({ title: doc.title, url: doc.url, content });
    if (sources.length === SOURCES) break;
  }
  if (sources.length < SOURCES) throw new Error(`only ${sources.length} sources of 1–2 KB`);
  return sources;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    mean: round(samples.reduce((s, v) => s + v, 0) / samples.length),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

/**
 * The offline engine answering over 10 sources of 1–2 KB: the model's doStream consumed to the
 * end (prompt parsing, segmentation, BM25, MMR, streaming), and the same through streamText.
 */
export async function offlineEngine(): Promise<BenchResult> {
  const sources = benchSources();
  const system = `${focusMarker("web")}\nAnswer from the sources.\n${formatSources(sources)}`;
  const model = createOfflineModel();
  const questions = EVAL_QUESTIONS.map((q) => q.question);
  const callOptions = (question: string): LanguageModelV3CallOptions => ({
    prompt: [
      { role: "system", content: system },
      { role: "user", content: [{ type: "text", text: question }] },
    ],
  });

  const engine = async (question: string) => {
    const { stream } = await model.doStream(callOptions(question));
    const reader = stream.getReader();
    let chars = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === "text-delta") chars += value.delta.length;
    }
    return chars;
  };
  const viaSdk = async (question: string) => {
    let chars = 0;
    for await (const delta of streamText({ model, system, prompt: question }).textStream)
      chars += delta.length;
    return chars;
  };

  const rows: (string | number)[][] = [];
  const misses: string[] = [];
  let answerChars = 0;
  for (const [label, run, judged] of [
    ["engine: doStream consumed", engine, true],
    ["through streamText (AI SDK)", viaSdk, false],
  ] as const) {
    for (let i = 0; i < WARM_UP; i++) await run(questions[i % questions.length] ?? "");
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      const chars = await run(questions[i % questions.length] ?? "");
      samples.push(performance.now() - started);
      if (judged) answerChars += chars;
    }
    const s = stats(samples);
    const ok = s.p95 <= TARGET_MS && s.mean <= TARGET_MS;
    rows.push([label, RUNS, s.mean, s.p50, s.p95, s.max, judged ? verdict(ok) : "(context)"]);
    if (judged && !ok)
      misses.push(`offline engine: mean ${s.mean} ms, p95 ${s.p95} ms (target ≤ ${TARGET_MS} ms)`);
  }
  const kb = Math.round(sources.reduce((sum, s) => sum + s.content.length, 0) / 102.4) / 10;
  return {
    title: `Offline engine: ${SOURCES} sources (${kb} KB in all), ${RUNS} answers, ${questions.length} questions in rotation`,
    markdown: `${markdownTable(
      ["path", "runs", "mean ms", "p50 ms", "p95 ms", "max ms", `≤ ${TARGET_MS} ms`],
      rows,
    )}\n\nAverage answer: ${Math.round(answerChars / RUNS)} characters.`,
    misses,
  };
}
