import fs from "node:fs";
import { runningEmbeddedUrl } from "@nexus/db";
import autocannon from "autocannon";
import { type NginxProxy, startNginx } from "../apps/server/test/support/nginx-proxy.ts";
import {
  freePort,
  makeTempDir,
  type ServerProcess,
  serverEnv,
  signInFromLog,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../e2e/support/server-process.ts";
import { type BenchResult, markdownTable } from "./lib/report.ts";

/**
 * Requests per second and p99 through the shipped deploy/nginx.conf against one instance direct:
 * one instance direct, one behind nginx, two behind nginx (both on the first one's embedded
 * PostgreSQL). Routes: GET /api/health (no database) and GET /api/history (a signed-in list).
 * autocannon, NGINX_BENCH_CONNECTIONS (50) connections, NGINX_BENCH_SECONDS (10) per run.
 */
const CONNECTIONS = Number(process.env.NGINX_BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_DURATION ?? process.env.NGINX_BENCH_SECONDS ?? 10);

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer({
    port: await freePort(),
    env: serverEnv({ LOG_LEVEL: "info", TRUST_PROXY: "1", SIGNIN_RATE_LIMIT: "100000", ...env }),
  });
  await waitForHealth(server, { timeoutMs: 120_000 });
  return server;
}

export async function nginxLoad(): Promise<BenchResult> {
  const dataDir = makeTempDir("nexus-bench-nginx-");
  const secondDir = makeTempDir("nexus-bench-nginx2-");
  const servers: ServerProcess[] = [];
  const proxies: NginxProxy[] = [];
  try {
    const first = await start({ DATA_DIR: dataDir });
    servers.push(first);
    const url = runningEmbeddedUrl(dataDir);
    if (!url) throw new Error("no embedded PostgreSQL to share");
    const second = await start({ DATA_DIR: secondDir, DATABASE_URL: url });
    servers.push(second);
    const { cookie } = await signInFromLog(first, "bench-nginx@nexus.test");
    const one = await startNginx({ upstreamPorts: [first.port, first.port] });
    const two = await startNginx({ upstreamPorts: [first.port, second.port] });
    proxies.push(one, two);
    const setups = [
      { label: "1 instance, direct", origin: first.origin },
      { label: "1 instance, through nginx", origin: one.origin },
      { label: "2 instances, through nginx", origin: two.origin },
    ];
    const rows: (string | number)[][] = [];
    const misses: string[] = [];
    for (const route of ["/api/health", "/api/history"]) {
      for (const setup of setups) {
        const options = { url: `${setup.origin}${route}`, headers: { cookie } };
        await autocannon({ ...options, connections: 10, duration: 2 }); // warm-up
        const result = await autocannon({
          ...options,
          connections: CONNECTIONS,
          duration: SECONDS,
        });
        const errors = result.errors + result.timeouts + result.non2xx;
        if (errors > 0) misses.push(`nginx-load: ${setup.label} ${route}: ${errors} errors`);
        rows.push([
          route,
          setup.label,
          Math.round(result.requests.average),
          result.latency.p50,
          result.latency.p99,
          errors,
        ]);
      }
    }
    const markdown = markdownTable(
      ["route", "setup", "req/s", "p50 (ms)", "p99 (ms)", "errors"],
      rows,
    );
    return {
      title: `Through nginx (deploy/nginx.conf), autocannon ${CONNECTIONS} connections, ${SECONDS} s per run`,
      markdown,
      misses,
    };
  } finally {
    for (const proxy of proxies) await proxy.stop();
    for (const server of servers.reverse()) await stopServer(server);
    for (const dir of [dataDir, secondDir]) fs.rmSync(dir, { recursive: true, force: true });
  }
}
