import fs from "node:fs";
import autocannon from "autocannon";
import { extractSignInLink, startSmtpCapture } from "../e2e/fakes/smtp-capture.ts";
import {
  completeSignIn,
  freePort,
  makeTempDir,
  serverEnv,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../e2e/support/server-process.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const TARGET_RPS = 3_000;
const TARGET_P99_MS = 20;

interface Target {
  label: string;
  path: string;
  signedIn: boolean;
  /** Only targets with a budget are judged; the rest are context. */
  judged: boolean;
  /** A JSON body to POST (GET without). */
  body?: unknown;
}

const TARGETS: Target[] = [
  { label: "GET /api/me (signed in)", path: "/api/me", signedIn: true, judged: true },
  {
    label: "GET /api/usage/check?counter=search (signed in)",
    path: "/api/usage/check?counter=search",
    signedIn: true,
    judged: true,
  },
  {
    label: "POST /api/auth/email-link/check (PostgreSQL rate limit: one upsert + the lookup)",
    path: "/api/auth/email-link/check",
    signedIn: false,
    judged: false,
    body: { token: "A".repeat(43) },
  },
  {
    label: "GET /api/health (baseline, no database)",
    path: "/api/health",
    signedIn: false,
    judged: false,
  },
];

/**
 * Session check and usage check under autocannon load (50 connections, 10 s each) against the real
 * server (LOG_LEVEL=warn, embedded PostgreSQL), signed in through a real e-mail link.
 */
export async function httpLoad(): Promise<BenchResult> {
  const dataDir = makeTempDir("nexus-bench-load-");
  const smtp = await startSmtpCapture();
  const server = spawnServer({
    port: await freePort(),
    // The sign-in limits high enough that the limited route answers 200 throughout.
    env: serverEnv({
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SMTP_URL: smtp.url,
      SIGNIN_RATE_LIMIT: "10000000",
    }),
  });
  try {
    await waitForHealth(server);
    const email = "bench@nexus.test";
    const since = Date.now();
    const requested = await fetch(`${server.origin}/api/auth/email-link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
    if (requested.status !== 202) throw new Error(`email-link answered ${requested.status}`);
    const link = extractSignInLink(await smtp.waitFor(email, { since }));
    const token = new URL(link).hash.replace(/^#signin=/, "");
    const { cookie } = await completeSignIn(server.origin, { token, email });

    const rows: (string | number)[][] = [];
    const misses: string[] = [];
    for (const target of TARGETS) {
      const headers: Record<string, string> = target.signedIn ? { cookie } : {};
      const post =
        target.body === undefined
          ? {}
          : {
              method: "POST" as const,
              body: JSON.stringify(target.body),
              headers: { ...headers, "content-type": "application/json", origin: server.origin },
            };
      const url = `${server.origin}${target.path}`;
      await autocannon({ url, connections: 10, duration: 2, headers, ...post }); // warm-up
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers,
        ...post,
      });
      const errors = result.errors + result.timeouts + result.non2xx;
      const rps = Math.round(result.requests.average);
      const ok = rps >= TARGET_RPS && result.latency.p99 <= TARGET_P99_MS && errors === 0;
      rows.push([
        target.label,
        rps,
        result.latency.p50,
        result.latency.p99,
        result.latency.max,
        errors,
        target.judged ? verdict(ok) : "(context)",
      ]);
      if (target.judged && !ok) {
        misses.push(
          `${target.label}: ${rps} req/s, p99 ${result.latency.p99} ms, ${errors} errors ` +
            `(target ≥ ${TARGET_RPS} req/s, p99 ≤ ${TARGET_P99_MS} ms, 0 errors)`,
        );
      }
    }
    return {
      title: `HTTP load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route, LOG_LEVEL=warn`,
      markdown: markdownTable(
        [
          "route",
          "req/s",
          "p50 ms",
          "p99 ms",
          "max ms",
          "errors",
          `≥ ${TARGET_RPS}/s, p99 ≤ ${TARGET_P99_MS} ms`,
        ],
        rows,
      ),
      misses,
    };
  } finally {
    await stopServer(server);
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
