import fs from "node:fs";
import path from "node:path";
import { checkCitations } from "../apps/server/src/ai/chat/citation-check.ts";
import { quotableSentences } from "../apps/server/src/ai/offline/sentences.ts";
import { REPO_ROOT } from "../e2e/support/server-process.ts";
import { citationRuns } from "../packages/contracts/src/citation-checks.ts";
import { messageToStoredParts } from "../packages/contracts/src/stored-turn.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";

/**
 * What checking an answer's citations costs (issue 38: ≤ 5 ms of CPU p50 for an answer with 10
 * sources). Ten guides of content/blog are the sources (cut to the page reader's 3,000 characters,
 * then to 12,000 as an agent's read pages may be); the answer cites each source once: four
 * sentences copied from it, three paraphrased (the overlap path), three invented (no match: every
 * sentence of the source scanned, the worst case). Beside it, an answer's end without the check:
 * the same reply's citations read and its parts prepared for saving. CPU time per answer from
 * process.cpuUsage, the two alternating so the machine's load falls on both alike.
 */
const TARGET_MS = 5;
const RUNS = Number(process.env.BENCH_CITATION_RUNS ?? 400);

function sources(chars: number): string[] {
  const dir = path.join(REPO_ROOT, "content/blog");
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .slice(0, 10)
    .map((f) => {
      const text = fs.readFileSync(path.join(dir, f), "utf8").replace(/^---[\s\S]*?---\s*/, "");
      return text.repeat(Math.ceil(chars / text.length)).slice(0, chars);
    });
}

/** An answer citing each of the ten sources once. */
function answer(texts: readonly string[]): string {
  return texts
    .map((text, i) => {
      const sentences = quotableSentences(text);
      const first = sentences[0] ?? "Nothing here.";
      const n = i + 1;
      if (i < 4) return `${first.replace(/[.!?]$/, "")} [${n}].`;
      if (i < 7) {
        const words = first.replace(/[.!?]$/, "").split(" ");
        return `In short, ${words.slice(1).join(" ").toLowerCase()} [${n}].`;
      }
      return `The moon is made of green cheese, as ${n * 7} astronauts reported in 1969 [${n}].`;
    })
    .join(" ");
}

function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const p = (sorted: number[], q: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0) * 1000) /
  1000;

export async function citationCheckBench(): Promise<BenchResult> {
  const rows: (string | number)[][] = [];
  const misses: string[] = [];
  for (const chars of [3_000, 12_000]) {
    const texts = sources(chars);
    const text = answer(texts);
    const map = new Map(texts.map((t, i) => [i + 1, t]));
    const withCheck: number[] = [];
    const without: number[] = [];
    let verified = 0;
    const end = () =>
      messageToStoredParts({
        parts: [
          { type: "text", text },
          ...texts.map((_, i) => ({ type: "source-url", sourceId: String(i + 1), url: `/s/${i}` })),
        ],
      });
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 ? [false, true] : [true, false];
      for (const check of order) {
        const ms = cpuMs(() => {
          citationRuns(text, texts.length);
          end();
          if (check) {
            const checks = checkCitations({ text, sources: map, count: texts.length });
            verified = checks.filter((c) => c.verified).length;
          }
        });
        (check ? withCheck : without).push(ms);
      }
    }
    withCheck.sort((a, b) => a - b);
    without.sort((a, b) => a - b);
    const cost = Math.round((p(withCheck, 0.5) - p(without, 0.5)) * 1000) / 1000;
    const ok = p(withCheck, 0.5) <= TARGET_MS;
    rows.push([
      `10 sources × ${chars.toLocaleString("en")} chars, 10 citations (${verified} verified)`,
      RUNS,
      p(without, 0.5),
      p(withCheck, 0.5),
      cost,
      p(withCheck, 0.95),
      verdict(ok),
    ]);
    if (!ok) misses.push(`citation-check: ${chars} chars p50 ${p(withCheck, 0.5)} ms`);
  }
  return {
    title: "Citation checks: CPU per answer with 10 sources, beside the answer's end without them",
    markdown: markdownTable(
      [
        "answer",
        "runs",
        "without p50 ms",
        "with checks p50 ms",
        "checks' cost p50 ms",
        "with checks p95 ms",
        `≤ ${TARGET_MS} ms`,
      ],
      rows,
    ),
    misses,
  };
}

// Run on its own: `npx tsx bench/citation-check.ts`.
if (process.argv[1]?.endsWith("citation-check.ts")) {
  const result = await citationCheckBench();
  console.log(`## ${result.title}\n\n${result.markdown}`);
  if (result.misses.length > 0) console.log(`\nMissed: ${result.misses.join("; ")}`);
}
