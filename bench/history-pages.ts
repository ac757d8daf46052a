import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createDatabase, type Db, runMigrations, startEmbeddedPostgres } from "@nexus/db";
import { type SQL, sql } from "drizzle-orm";
import { chatKinds } from "../apps/server/src/chat-kinds.ts";
import type { SessionUser } from "../apps/server/src/deps.ts";
import {
  decodeHistoryCursor,
  decodeLibraryCursor,
} from "../apps/server/src/modules/history/history.cursor.ts";
import {
  libraryPageSql,
  sampleMatchesSql,
  threadPageSql,
} from "../apps/server/src/modules/history/history.repo.ts";
import { prefixTsQuery } from "../apps/server/src/modules/history/history.search-text.ts";
import * as history from "../apps/server/src/modules/history/history.service.ts";
import { createImageUrls } from "../apps/server/src/modules/images/image-urls.ts";
import { loadImageKey } from "../apps/server/src/modules/images/images.repo.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";
import { summarize } from "./lib/stats.ts";

/**
 * History and library pages at scale, server-side: 1,000,000 entries in search_history (one user
 * with 100,000 in 20,000 threads, the rest over 900 other users), the service functions timed
 * in-process against embedded PostgreSQL, one request at a time. Also prints the query plans.
 */
const TOTAL = Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000);
const MAIN = Math.min(100_000, Math.floor(TOTAL / 10));
const OTHERS = 900;
const REQUESTS = Number(process.env.BENCH_HISTORY_REQUESTS ?? 200);
const DEEP_PAGE = 50;
const TARGET_P95_MS = 20;
const MAIN_ID = "00000000-0000-4000-8000-000000000000";

/** generate_series in SQL, indexes built after the load (as a restore would): no 1M round trips. */
async function seed(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`
    insert into users (id, email, name)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
      'bench' || g || '@bench.test', 'Bench ' || g
    from generate_series(0, ${OTHERS}) g`);
  // The migrated indexes, dropped for the load and rebuilt from their own definitions after it.
  const { rows: indexes } = await db.execute<{ name: string; def: string }>(sql`
    select indexname as name, indexdef as def from pg_indexes
    where tablename = 'search_history' and indexname <> 'search_history_pkey'`);
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
  // 64 answer bodies of ~300 characters from a 48-word vocabulary.
  await db.execute(sql`
    create unlogged table bench_bodies as
    select i, string_agg(w, ' ' order by j) as body from (
      select i, j, (string_to_array('rust go python memory safety ownership borrow checker ' ||
        'garbage collector thread async await future tokio runtime compiler llvm type system ' ||
        'generic trait interface module package crate cargo npm build test bench profile ' ||
        'latency throughput cache index query plan postgres vector search', ' '))
        [1 + ((i * 7 + j * 13) % 48)] as w
      from generate_series(0, 63) i, generate_series(1, 40) j
    ) x group by i`);
  const entry = (o: {
    user: SQL;
    prefix: string;
    thread: SQL;
    ts: SQL;
    from: number;
    to: number;
  }) =>
    sql`
    insert into search_history
      (id, user_id, thread_id, timestamp, query, focus_mode, results, is_bookmarked)
    select ${o.prefix} || g, ${o.user}, ${o.thread}, ${o.ts},
      'Question about topic' || (g % 1000) || ' and ' || split_part(b.body, ' ', 1 + g % 40),
      'web',
      jsonb_build_object('markdown', '## Topic' || (g % 1000) || E'\\n\\n' || b.body || ' [1] [2]',
        'sources', '[]'::jsonb, 'images', '[]'::jsonb, 'videos', '[]'::jsonb, 'thinking', ''),
      g % 10 = 3
    from generate_series(${o.from}::int, ${o.to}::int) g join bench_bodies b on b.i = g % 64`;
  const rest = TOTAL - MAIN;
  const perUser = Math.ceil(rest / OTHERS);
  const others = (from: number, to: number) =>
    entry({
      user: sql`('00000000-0000-4000-8000-' || lpad(to_hex(1 + (g - 1) / ${perUser}), 12, '0'))::uuid`,
      prefix: "o",
      thread: sql`'ot' || (g / 5)`,
      ts: sql`now() - interval '400 days' + ((g - 1) % ${perUser}) * interval '8 hours' + (g / ${perUser}) * interval '1 second'`,
      from,
      to,
    });
  const half = Math.floor(rest / 2);
  // Three statements on three connections: the load uses both cores.
  await Promise.all(
    [
      // The main user: threads of 5 consecutive turns, 1 turn in 10 reviving an older thread.
      entry({
        user: sql`${MAIN_ID}::uuid`,
        prefix: "m",
        thread: sql`'mt' || (case when g % 10 = 0 and g > 50 then (hashint4(g)::bigint & 2147483647) % (g / 5) else g / 5 end)`,
        ts: sql`now() - interval '400 days' + g * interval '5 minutes'`,
        from: 1,
        to: MAIN,
      }),
      others(1, half),
      others(half + 1, rest),
    ].map((statement) => db.execute(statement)),
  );
  // One thread in ten of the main user renamed (thread_titles, joined by every history page).
  await db.execute(sql`
    insert into thread_titles (user_id, thread_id, title)
    select ${MAIN_ID}::uuid, 'mt' || t, 'Renamed thread ' || t
    from generate_series(0, ${Math.floor(MAIN / 5)}, 10) t`);
  await db.execute(sql`vacuum analyze thread_titles`);
  await db.execute(sql`drop table bench_bodies`);
  await db.execute(sql`set maintenance_work_mem = '256MB'`);
  for (const index of indexes) await db.execute(sql.raw(index.def));
  await db.execute(sql`vacuum analyze search_history`);
  return Math.round((performance.now() - started) / 100) / 10;
}

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await run(); // warm: plans cached, pages in memory
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return times;
}

function tsQueryOf(q: string): string {
  const tsQuery = prefixTsQuery(q);
  if (tsQuery === null) throw new Error(`no words in ${q}`);
  return tsQuery;
}

async function explain(db: Db, query: SQL): Promise<string> {
  const { rows } = await db.execute<{ "QUERY PLAN": string }>(
    sql`explain (analyze, buffers) ${query}`,
  );
  return rows.map((r) => r["QUERY PLAN"]).join("\n");
}

export async function historyPages(): Promise<BenchResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-bench-history-"));
  fs.chmodSync(dataDir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir, database: "nexus_bench" });
  const database = createDatabase({ url: pg.url, max: 4 });
  try {
    const db = database.db;
    await runMigrations(db);
    const seedSeconds = await seed(db);
    const deps = { db, images: createImageUrls(await loadImageKey(db)), chatKinds: chatKinds() };
    const now = new Date();
    const user: SessionUser = {
      id: MAIN_ID,
      email: "bench0@bench.test",
      name: "Bench 0",
      photoUrl: null,
      orgName: null,
      orgId: "",
      tier: "pro",
      createdAt: now,
      updatedAt: now,
    };
    // Cursors of page DEEP_PAGE, found by following nextCursor from page 1.
    const follow = async (page: (cursor?: string) => Promise<{ nextCursor: string | null }>) => {
      let cursor: string | undefined;
      for (let i = 1; i < DEEP_PAGE; i++) cursor = (await page(cursor)).nextCursor ?? undefined;
      if (!cursor) throw new Error(`fewer than ${DEEP_PAGE} pages`);
      return cursor;
    };
    const historyAt = (cursor?: string, q?: string) =>
      history.historyPage({ deps, user, cursor, q });
    const libraryAt = (cursor?: string, q?: string) =>
      history.libraryPage({ deps, user, cursor, q });
    const deepHistory = await follow((c) => historyAt(c));
    const deepLibrary = await follow((c) => libraryAt(c));
    const rare = "topic421"; // ~0.1% of entries
    const common = "ownership"; // in most answers
    const scenarios: [string, () => Promise<unknown>][] = [
      ["history page 1 (20 threads)", () => historyAt()],
      [`history page ${DEEP_PAGE} (cursor)`, () => historyAt(deepHistory)],
      [`history search "${rare}" page 1`, () => historyAt(undefined, rare)],
      [`history search "topic42" (prefix) page 1`, () => historyAt(undefined, "topic42")],
      [`history search "${common}" (most entries) page 1`, () => historyAt(undefined, common)],
      ["library page 1 (10 bookmarks)", () => libraryAt()],
      [`library page ${DEEP_PAGE} (cursor)`, () => libraryAt(deepLibrary)],
      [`library search "${rare}" page 1`, () => libraryAt(undefined, rare)],
    ];
    const rows: (string | number)[][] = [];
    const misses: string[] = [];
    for (const [label, run] of scenarios) {
      const s = summarize(await timed(run));
      const ok = s.p95 <= TARGET_P95_MS;
      if (!ok) misses.push(`history-pages ${label}: p95 ${s.p95} ms (target ≤ ${TARGET_P95_MS})`);
      rows.push([label, s.p50, s.p95, s.max, `p95 ≤ ${TARGET_P95_MS}`, verdict(ok)]);
    }

    const snapshot = decodeHistoryCursor(deepHistory).snapshot;
    const plans: [string, SQL][] = [
      [
        "history page 1",
        threadPageSql({ userId: MAIN_ID, snapshot, after: null, search: null, limit: 21 }),
      ],
      [
        `search strategy probe for "${rare}"`,
        sampleMatchesSql({ userId: MAIN_ID, tsQuery: tsQueryOf(rare), sample: 1000 }),
      ],
      [
        `search strategy probe for "${common}"`,
        sampleMatchesSql({ userId: MAIN_ID, tsQuery: tsQueryOf(common), sample: 1000 }),
      ],
      [
        `history search "topic42" (strategy "threads"; ~1% of entries match, so "matches" is chosen)`,
        threadPageSql({
          userId: MAIN_ID,
          snapshot,
          after: null,
          search: { tsQuery: tsQueryOf("topic42"), strategy: "threads" },
          limit: 21,
        }),
      ],
      [
        `history page ${DEEP_PAGE}`,
        threadPageSql({
          userId: MAIN_ID,
          snapshot,
          after: decodeHistoryCursor(deepHistory).after,
          search: null,
          limit: 21,
        }),
      ],
      [
        `history search "${rare}" (strategy "matches", as chosen for it)`,
        threadPageSql({
          userId: MAIN_ID,
          snapshot,
          after: null,
          search: { tsQuery: tsQueryOf(rare), strategy: "matches" },
          limit: 21,
        }),
      ],
      [
        `history search "${common}" (strategy "threads", as chosen for it)`,
        threadPageSql({
          userId: MAIN_ID,
          snapshot,
          after: null,
          search: { tsQuery: tsQueryOf(common), strategy: "threads" },
          limit: 21,
        }),
      ],
      [
        `library page ${DEEP_PAGE}`,
        libraryPageSql({
          userId: MAIN_ID,
          after: decodeLibraryCursor(deepLibrary),
          tsQuery: null,
          limit: 11,
        }),
      ],
      [
        `library search "${rare}"`,
        libraryPageSql({ userId: MAIN_ID, after: null, tsQuery: tsQueryOf(rare), limit: 11 }),
      ],
    ];
    const planText: string[] = [];
    for (const [label, query] of plans) {
      const plan = await explain(db, query);
      if (/Seq Scan on search_history/.test(plan)) misses.push(`history-pages ${label}: Seq Scan`);
      planText.push(`#### Plan: ${label}\n\n\`\`\`\n${plan}\n\`\`\``);
    }
    const { rows: counts } = await db.execute<{
      n: number;
      main: number;
      bookmarks: number;
      threads: number;
    }>(sql`
      select count(*)::int as n, count(*) filter (where user_id = ${MAIN_ID})::int as main,
        count(*) filter (where user_id = ${MAIN_ID} and is_bookmarked)::int as bookmarks,
        count(distinct thread_id) filter (where user_id = ${MAIN_ID})::int as threads
      from search_history`);
    const c = counts[0];
    const markdown = [
      markdownTable(
        ["request (server-side, in-process)", "p50", "p95", "max", "target", "verdict"],
        rows,
      ),
      "",
      `${REQUESTS} requests each, one at a time, after 10 warm-up requests. search_history: ` +
        `${c?.n} entries; the measured user has ${c?.main} in ${c?.threads} threads, ` +
        `${c?.bookmarks} bookmarked. Seeded in ${seedSeconds} s (generate_series, indexes built after).`,
      "",
      ...planText,
    ].join("\n");
    return {
      title: `History and library pages: ${c?.n} entries, ${c?.main} for one user`,
      markdown,
      misses,
    };
  } finally {
    await database.close();
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
