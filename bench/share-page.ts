import fs from "node:fs";
import autocannon from "autocannon";
import {
  freePort,
  makeTempDir,
  serverEnv,
  signInFromLog,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../e2e/support/server-process.ts";
import { cpuMs } from "./lib/process-stats.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";

const CONNECTIONS = Number(process.env.BENCH_CLIENTS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const TARGET_RPS = 2_000;

/** Answers one question through the real pipeline (offline engine, local search); its entry id. */
async function answerOnce(origin: string, cookie: string): Promise<string> {
  const res = await fetch(`${origin}/api/answer`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify({ text: "What is Nexus and how do share links work?" }),
  });
  const text = await res.text();
  const entryId = /"entryId":"([A-Za-z0-9]{22})"/.exec(text)?.[1];
  if (res.status !== 200 || !entryId) throw new Error(`answer failed: ${res.status}`);
  return entryId;
}

async function shareOf(origin: string, cookie: string, body: object): Promise<string> {
  const res = await fetch(`${origin}/api/shares`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, cookie },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { shareId?: string };
  if (res.status !== 201 || !json.shareId) throw new Error(`share failed: ${res.status}`);
  return json.shareId;
}

/**
 * GET /share/:shareId (the SPA's index.html with the share's meta tags, one primary-key lookup)
 * under autocannon load against the real server (tsx, embedded PostgreSQL, LOG_LEVEL info: no
 * access log below debug). The load generator runs on the same machine and shares its CPU.
 */
export async function sharePage(): Promise<BenchResult> {
  const dataDir = makeTempDir("nexus-bench-share-");
  const server = spawnServer({
    port: await freePort(),
    env: serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: "info" }),
  });
  try {
    await waitForHealth(server);
    const { cookie } = await signInFromLog(server, "bench-share@nexus.test");
    const entryId = await answerOnce(server.origin, cookie);
    const answerShare = await shareOf(server.origin, cookie, { entryId });
    const threadShare = await shareOf(server.origin, cookie, { threadId: entryId });
    const targets = [
      {
        label: "GET /share/:shareId (answer, HTML + meta)",
        path: `/share/${answerShare}`,
        judged: true,
      },
      {
        label: "GET /share/:shareId (thread, HTML + meta)",
        path: `/share/${threadShare}`,
        judged: true,
      },
      {
        label: "GET /api/health (baseline: no database)",
        path: "/api/health",
        judged: false,
      },
      {
        label: "GET /api/shares/:shareId (answer JSON)",
        path: `/api/shares/${answerShare}`,
        judged: false,
      },
    ];
    const page = await fetch(`${server.origin}/share/${answerShare}`);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('property="og:title"') || !html.includes("noindex"))
      throw new Error(`the share page has no meta tags (${page.status})`);

    // Warm every route first (JIT, connection pool, prepared statements), then measure each.
    for (const target of targets)
      await autocannon({ url: `${server.origin}${target.path}`, connections: 10, duration: 3 });
    const rows: (string | number)[][] = [];
    const misses: string[] = [];
    for (const target of targets) {
      const url = `${server.origin}${target.path}`;
      const before = cpuMs(server.pid);
      const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
      const after = cpuMs(server.pid);
      const total = Math.max(1, result.requests.total);
      // CPU per request (µs): independent of what else runs on the machine.
      const serverUs = Math.round(((after.server - before.server) * 1000) / total);
      const pgUs = Math.round(((after.pg - before.pg) * 1000) / total);
      const errors = result.errors + result.timeouts + result.non2xx;
      const rps = Math.round(result.requests.average);
      const ok = rps >= TARGET_RPS && errors === 0;
      rows.push([
        target.label,
        rps,
        result.latency.p50,
        result.latency.p99,
        result.latency.max,
        serverUs,
        pgUs,
        errors,
        target.judged ? verdict(ok) : "(context)",
      ]);
      if (target.judged && !ok)
        misses.push(
          `${target.label}: ${rps} req/s, ${errors} errors (target ≥ ${TARGET_RPS} req/s, 0 errors)`,
        );
    }
    return {
      title: `Share page: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route (load generator on the same machine)`,
      markdown: markdownTable(
        [
          "route",
          "req/s",
          "p50 ms",
          "p99 ms",
          "max ms",
          "server CPU µs/req",
          "PostgreSQL CPU µs/req",
          "errors",
          `≥ ${TARGET_RPS}/s, 0 errors`,
        ],
        rows,
      ),
      misses,
    };
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
