import {
  endWarmPython,
  pyodideVersion,
  type RunCodeLanguage,
  runCode,
} from "../apps/server/src/ai/tools/run-code.ts";
import { type BenchResult, markdownTable } from "./lib/report.ts";
import { summarize } from "./lib/stats.ts";

/**
 * The run-code tool's sandbox, JavaScript (QuickJS, a fresh worker thread per run) beside Python
 * (Pyodide: a cold first run that starts the interpreter, then warm runs in the same person's
 * interpreter), in the same process and the same run. Each figure is the tool's whole call as a
 * chat turn sees it (slot, worker, run, result); "in the sandbox" is the code's own time.
 * BENCH_RUN_CODE_RUNS sets the warm runs (20 by default); BENCH_RUN_CODE_COLD the cold Python
 * starts (3).
 */
const RUNS = Number(process.env.BENCH_RUN_CODE_RUNS ?? 20);
const COLD = Number(process.env.BENCH_RUN_CODE_COLD ?? 3);

const SNIPPETS: Record<RunCodeLanguage, { small: string; loop: string }> = {
  javascript: {
    small: "console.log([1, 2, 3].reduce((a, b) => a + b, 0))",
    loop: "let s = 0; for (let i = 0; i < 1e6; i++) s += i; s",
  },
  python: {
    small: "print(sum([1, 2, 3]))",
    loop: "s = 0\nfor i in range(1_000_000):\n    s += i\ns",
  },
};

async function timed(code: string, language: RunCodeLanguage, owner: string) {
  const started = performance.now();
  const result = await runCode(code, { language, owner });
  const wall = performance.now() - started;
  if (!result.ok) throw new Error(`${language} run failed: ${result.error}`);
  return { wall, inside: result.durationMs };
}

async function series(language: RunCodeLanguage, code: string, owner: string) {
  const walls: number[] = [];
  const insides: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { wall, inside } = await timed(code, language, owner);
    walls.push(wall);
    insides.push(inside);
  }
  return { wall: summarize(walls), inside: summarize(insides) };
}

export async function runCodeBench(): Promise<BenchResult> {
  const rows: (string | number)[][] = [];
  const row = (
    what: string,
    runs: number,
    wall: { p50: number; p95: number; max: number },
    inside: number,
  ) => rows.push([what, runs, wall.p50, wall.p95, wall.max, inside]);

  // JavaScript: every run is a fresh thread and a fresh QuickJS (nothing is kept warm).
  for (const kind of ["small", "loop"] as const) {
    const js = await series("javascript", SNIPPETS.javascript[kind], "bench-js");
    row(
      `JavaScript, ${kind === "small" ? "print a sum" : "1e6-step loop"}`,
      RUNS,
      js.wall,
      js.inside.p50,
    );
  }

  // Python cold: a person with no warm interpreter (Pyodide starts: its files, CPython, the setup).
  const colds: number[] = [];
  const coldInside: number[] = [];
  for (let i = 0; i < COLD; i++) {
    endWarmPython();
    const { wall, inside } = await timed(SNIPPETS.python.small, "python", `bench-cold-${i}`);
    colds.push(wall);
    coldInside.push(inside);
  }
  const cold = summarize(colds);
  row("Python, first run (cold)", COLD, cold, summarize(coldInside).p50);

  // Python warm: the same person's interpreter, reset between runs.
  for (const kind of ["small", "loop"] as const) {
    endWarmPython();
    await timed(SNIPPETS.python.small, "python", "bench-warm"); // starts it
    const py = await series("python", SNIPPETS.python[kind], "bench-warm");
    row(
      `Python warm, ${kind === "small" ? "print a sum" : "1e6-step loop"}`,
      RUNS,
      py.wall,
      py.inside.p50,
    );
  }
  endWarmPython();

  return {
    title: `run-code sandbox: JavaScript (QuickJS) and Python (Pyodide ${pyodideVersion()}), ${RUNS} runs each`,
    markdown: `${markdownTable(
      ["run", "runs", "p50 ms", "p95 ms", "max ms", "in the sandbox p50 ms"],
      rows,
    )}\n\nA cold Python run starts Pyodide in a new worker thread; warm runs reuse the person's interpreter (reset between runs). JavaScript starts a fresh worker and QuickJS for every run.`,
    misses: [],
  };
}
