import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { createDatabase, type Db, runMigrations, startEmbeddedPostgres } from "@nexus/db";
import { sql } from "drizzle-orm";
import { chatKinds } from "../apps/server/src/chat-kinds.ts";
import type { Deps, SessionUser } from "../apps/server/src/deps.ts";
import { zipStream } from "../apps/server/src/modules/exports/export-zip.ts";
import * as exporter from "../apps/server/src/modules/exports/exports.service.ts";
import { createImageUrls } from "../apps/server/src/modules/images/image-urls.ts";
import { loadImageKey } from "../apps/server/src/modules/images/images.repo.ts";
import { type BenchResult, markdownTable, median, verdict } from "./lib/report.ts";

/**
 * Exports (issue 42 scope 5), in-process against embedded PostgreSQL: a 100-turn answer thread
 * (each turn a heading, a table, code, math and 5 cited sources) to Markdown, PDF and Word through
 * exportThread (the thread API read included), and the history ZIP of 10,000 such one-turn
 * threads streamed to nowhere, with RSS before, at its peak and after. The longest event-loop
 * stall of each is measured (monitorEventLoopDelay), and the CPU time this process spent (the
 * figure to read on a busy machine: the wall time there includes waiting for a core).
 *
 * The ZIP's memory is read in a second pass (the timed one runs undisturbed): the heap in use
 * after a full GC at every 1,000 threads written, as growth over the heap before it started, so
 * "flat" is a line of numbers that does not climb (what must grow is the ZIP's central directory,
 * a record per file). The GC is a real one: `gc` is exposed here (v8 flags), not assumed to be.
 */
const THREADS = Number(process.env.BENCH_EXPORT_THREADS ?? 10_000);
const TURNS = 100;
const RUNS = 5;
const USER_ID = "00000000-0000-4000-8000-00000000e4b0";
const TARGETS = { pdf: 2_000, docx: 1_000 } as const;
const TARGET_THREADS_PER_S = 2_000;

/** A turn's answer: ~1.6 KB of markdown in every block kind, citing [1]…[5]. */
const ANSWER = [
  "Heat pumps move heat rather than make it [1], and modern units work at −25 °C [2][3].",
  "",
  "## Comparison",
  "",
  "| System | COP | Cold climates |",
  "| --- | --- | --- |",
  "| Air-source heat pump | 2.5–4 | Yes [4] |",
  "| Ground-source heat pump | 3.5–5 | Yes |",
  "| Gas boiler | 0.9 | Yes |",
  "",
  "The ideal efficiency is $COP = T_h / (T_h - T_c)$ [5].",
  "",
  "$$",
  "COP_{max} = \\frac{293}{293 - 258} \\approx 8.4",
  "$$",
  "",
  "- Defrost cycles cost a little energy [2].",
  "- Sizing matters more than the brand [1].",
  "- Insulation first, then the pump [3].",
  "",
  "```python",
  "def cop(t_hot, t_cold):",
  "    return t_hot / (t_hot - t_cold)",
  "```",
  "",
  "In short, a well-sized unit heats a house through a northern winter for a third of the energy a resistive heater would use [4][5].",
].join("\n");

const sourcesJson = JSON.stringify(
  [1, 2, 3, 4, 5].map((n) => ({
    title: `Source ${n}: a study of heat pumps in cold climates`,
    url: `https://example.org/study/${n}`,
    domain: "example.org",
    favicon: null,
    snippet: "Heat pumps move heat.",
  })),
);

async function seed(db: Db): Promise<void> {
  await db.execute(
    sql`insert into users (id, email, name) values (${USER_ID}, 'export@bench.test', 'Export')`,
  );
  const results = sql`jsonb_build_object('markdown', ${ANSWER}::text, 'sources', ${sourcesJson}::jsonb,
    'images', '[]'::jsonb, 'videos', '[]'::jsonb, 'thinking', '')`;
  await db.execute(sql`
    insert into search_history (id, user_id, thread_id, timestamp, query, focus_mode, results)
    select 'z' || g, ${USER_ID}, 'ZipThread' || lpad(g::text, 6, '0'),
      now() - interval '400 days' + g * interval '1 minute',
      'Question ' || g || ': do heat pumps work in cold climates?', 'web', ${results}
    from generate_series(1, ${THREADS}) g`);
  await db.execute(sql`
    insert into search_history (id, user_id, thread_id, timestamp, query, focus_mode, results)
    select 'long' || g, ${USER_ID}, 'LongThread', now() + g * interval '1 second',
      'Turn ' || g || ': and what about the next winter?', 'web', ${results}
    from generate_series(1, ${TURNS}) g`);
  await db.execute(sql`vacuum analyze search_history`);
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;

v8.setFlagsFromString("--expose-gc");
/** A full collection (the flag above exposes `gc` to contexts made after it). */
const gc = vm.runInNewContext("gc") as () => void;
const heapAfterGc = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

async function drain(stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader();
  for (;;) if ((await reader.read()).done) return;
}

/**
 * The history ZIP written again (the stream historyZip makes, its pages counted), with the heap
 * after a GC every 1,000 threads: growth in MB over the heap before it, and after the stream is
 * gone.
 */
async function zipHeap(deps: Deps, user: SessionUser) {
  const base = heapAfterGc();
  const growth: number[] = [];
  let threads = 0;
  let next = 1000;
  const pages = exporter.historyPages({ deps, user });
  await drain(
    zipStream(async () => {
      const page = await pages();
      threads += page?.length ?? 0;
      while (threads >= next) {
        growth.push(heapAfterGc() - base);
        next += 1000;
      }
      return page;
    }),
  );
  return { base, growth, after: heapAfterGc() - base };
}

async function timeThread(deps: Deps, user: SessionUser, format: "md" | "pdf" | "docx") {
  await exporter.exportThread({ deps, user, threadId: "LongThread", format }); // warm
  const stall = monitorEventLoopDelay({ resolution: 5 });
  stall.enable();
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    const file = await exporter.exportThread({ deps, user, threadId: "LongThread", format });
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
    bytes = file.body.length;
  }
  stall.disable();
  return {
    ms: Math.round(median(times)),
    cpuMs: Math.round(median(cpu)),
    kb: Math.round(bytes / 1024),
    stallMs: Math.round(stall.max / 1e6),
  };
}

async function timeZip(deps: Deps, user: SessionUser) {
  gc();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const stall = monitorEventLoopDelay({ resolution: 5 });
  stall.enable();
  const t = performance.now();
  const c = process.cpuUsage();
  const reader = exporter.historyZip({ deps, user }).getReader();
  let bytes = 0;
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    chunks++;
  }
  const seconds = (performance.now() - t) / 1000;
  const used = process.cpuUsage(c);
  const cpuSeconds = (used.user + used.system) / 1e6;
  stall.disable();
  clearInterval(sampler);
  reader.releaseLock();
  gc();
  const rssAfter = process.memoryUsage().rss;
  const heapAfter = process.memoryUsage().heapUsed;
  return {
    seconds,
    cpuSeconds,
    heapBefore,
    heapAfter,
    bytes,
    chunks,
    rssBefore,
    peak,
    rssAfter,
    stallMs: Math.round(stall.max / 1e6),
  };
}

export async function exportBench(): Promise<BenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-bench-export-"));
  fs.chmodSync(dataDir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir, database: "nexus_bench" });
  const database = createDatabase({ url: pg.url, max: 4 });
  try {
    const db = database.db;
    await runMigrations(db);
    await seed(db);
    // What exports read of the server's dependencies (the database, kinds, image URLs, APP_URL).
    const deps = {
      db,
      chatKinds: chatKinds(),
      images: createImageUrls(await loadImageKey(db)),
      env: { APP_URL: "http://bench.test" },
    } as unknown as Deps;
    const now = new Date();
    const user = {
      id: USER_ID,
      email: "export@bench.test",
      name: "Export",
      photoUrl: null,
      orgName: null,
      orgId: "",
      tier: "pro",
      createdAt: now,
      updatedAt: now,
    } as SessionUser;
    const rows: (string | number)[][] = [];
    const misses: string[] = [];
    // The ZIP first: its memory is read before the export worker (PDF, Word) exists.
    const z = await timeZip(deps, user);
    const heap = await zipHeap(deps, user);
    for (const format of ["md", "pdf", "docx"] as const) {
      const r = await timeThread(deps, user, format);
      const target = format === "md" ? null : TARGETS[format];
      const ok = target === null || r.ms <= target;
      if (!ok)
        misses.push(`export ${format} of a ${TURNS}-turn thread: ${r.ms} ms (target ≤ ${target})`);
      rows.push([
        `${TURNS}-turn thread → ${format}`,
        `${r.ms} ms (median of ${RUNS})`,
        `${r.cpuMs} ms`,
        `${r.kb} KB`,
        `${r.stallMs} ms`,
        target === null ? "—" : `≤ ${target} ms`,
        verdict(ok),
      ]);
    }
    const rate = Math.round(THREADS / z.seconds);
    const ok = rate >= TARGET_THREADS_PER_S;
    if (!ok) misses.push(`history ZIP: ${rate} threads/s (target ≥ ${TARGET_THREADS_PER_S})`);
    rows.push([
      `history ZIP, ${THREADS.toLocaleString("en")} threads`,
      `${z.seconds.toFixed(2)} s = ${rate} threads/s (${z.chunks} chunks)`,
      `${z.cpuSeconds.toFixed(2)} s = ${Math.round(THREADS / z.cpuSeconds)} threads/CPU-s`,
      `${mb(z.bytes)} MB`,
      `${z.stallMs} ms`,
      `≥ ${TARGET_THREADS_PER_S}/s`,
      verdict(ok),
    ]);
    const memory = [
      `RSS during the ZIP: before ${mb(z.rssBefore)} MB, peak ${mb(z.peak)} MB, after ${mb(z.rssAfter)} MB;`,
      `heap in use after a GC: before ${mb(z.heapBefore)} MB, after ${mb(z.heapAfter)} MB.`,
      `\n\nHeap growth after a GC per 1,000 threads written (MB over ${mb(heap.base)} MB):`,
      `${heap.growth.map((g, i) => `${(i + 1) * 1000}: ${mb(g)}`).join(" · ")};`,
      `after the ZIP: ${mb(heap.after)}.`,
    ].join(" ");
    const table = markdownTable(
      [
        "export",
        "time",
        "CPU (this process)",
        "size",
        "longest event-loop stall",
        "target",
        "verdict",
      ],
      rows,
    );
    return { title: "Exports (issue 42)", markdown: `${table}\n\n${memory}`, misses };
  } finally {
    await database.close();
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await exportBench();
  console.log(`## ${result.title}\n\n${result.markdown}`);
  if (result.misses.length > 0) console.log(`\nMisses:\n${result.misses.join("\n")}`);
}
