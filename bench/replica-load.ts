import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createDatabase, runMigrations } from "@nexus/db";
import pg from "pg";
import { type NginxProxy, startNginx } from "../apps/server/test/support/nginx-proxy.ts";
import {
  type ReplicaCluster,
  startReplicaCluster,
} from "../apps/server/test/support/replica-cluster.ts";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../e2e/fakes/searxng-server.ts";
import {
  completeSignIn,
  freePort,
  makeTempDir,
  REPO_ROOT,
  type ServerProcess,
  serverEnv,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../e2e/support/server-process.ts";
import { streamAnswer } from "./lib/answer-client.ts";
import { benchCorpus, modelHandler, pool } from "./lib/answer-stack.ts";
import { cpuMs } from "./lib/process-stats.ts";
import { type BenchResult, markdownTable } from "./lib/report.ts";
import { summarize } from "./lib/stats.ts";

/**
 * Replica lag and the share of reads the replica serves under the answer bench's write load:
 * a Debian PostgreSQL primary + streaming replica (pg_basebackup), two instances with
 * DATABASE_REPLICA_URLS behind deploy/nginx.conf. BENCH_REPLICA_WRITERS (20) closed loops stream
 * answers (fake model: 30 chunks 50 ms apart, as answer-load) and read their history right after
 * each (read-your-writes: the primary); BENCH_REPLICA_READERS (10) loops read their history list
 * without a recent write (the replica when it has caught up). BENCH_DURATION (20) seconds.
 * Lag: pg_stat_replication on the primary every 100 ms. Reads: the list statements' calls in
 * pg_stat_statements on each server (same queryid on both).
 */
const SECONDS = Number(process.env.BENCH_DURATION ?? 20);
const WRITERS = Number(process.env.BENCH_REPLICA_WRITERS ?? 20);
const READERS = Number(process.env.BENCH_REPLICA_READERS ?? 10);
const BUNDLE = path.join(REPO_ROOT, "apps/server/dist/main.js");
const BOOKKEEPING = "pg_stat_statements|pg_is_in_recovery|pg_last_wal|pg_wal_replay|pg_current_wal";

type Calls = Map<string, number>;

async function statementCalls(client: pg.Client): Promise<Calls> {
  const { rows } = await client.query<{ queryid: string; calls: string }>(
    `select queryid::text, sum(calls)::text as calls from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
        and query !~* '${BOOKKEEPING}' group by queryid`,
  );
  return new Map(rows.map((r) => [r.queryid, Number(r.calls)]));
}

/** CPU ms of a PostgreSQL server: its postmaster and every backend under it. */
async function postgresCpuMs(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ dir: string }>(
    "select current_setting('data_directory') as dir",
  );
  const pid = Number(
    fs.readFileSync(path.join(rows[0]?.dir ?? "", "postmaster.pid"), "utf8").split("\n")[0],
  );
  const cpu = cpuMs(pid);
  return cpu.server + cpu.pg;
}

async function signIn(server: ServerProcess, email: string): Promise<string> {
  const res = await fetch(`${server.origin}/api/auth/email-link`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (res.status !== 202) throw new Error(`email-link ${email}: ${res.status}`);
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = await server.waitForOutput(
    new RegExp(`Sign-in link for ${escaped}: \\S+#signin=([A-Za-z0-9_-]{43})`),
  );
  return (await completeSignIn(server.origin, { token: match[1] ?? "", email })).cookie;
}

export async function replicaLoad(): Promise<BenchResult> {
  const loadBefore = os.loadavg();
  const dataDir = makeTempDir("nexus-bench-replica-");
  let cluster: ReplicaCluster | null = null;
  let model: FakeOpenAIServer | null = null;
  let searxng: FakeSearxng | null = null;
  let nginx: NginxProxy | null = null;
  const servers: ServerProcess[] = [];
  const clients: pg.Client[] = [];
  try {
    cluster = await startReplicaCluster();
    const admin = new pg.Client({ connectionString: cluster.primaryUrl });
    await admin.connect();
    await admin.query("create database nexus_bench");
    await admin.end();
    const urls = cluster.urlsFor("nexus_bench");
    const database = createDatabase({ url: urls.primary, max: 2 });
    await runMigrations(database.db);
    await database.db.execute("create extension if not exists pg_stat_statements");
    await database.close();
    const primary = new pg.Client({ connectionString: urls.primary });
    const replica = new pg.Client({ connectionString: urls.replica });
    clients.push(primary, replica);
    await Promise.all(clients.map((c) => c.connect()));
    model = await startFakeOpenAIServer({ handler: modelHandler({ chunks: 30, delayMs: 50 }) });
    searxng = await startFakeSearxng({ corpus: benchCorpus("localhost") });
    const ports = [await freePort(), await freePort()];
    nginx = await startNginx({ upstreamPorts: ports });
    for (const port of ports) {
      const server = spawnServer({
        port,
        ...(fs.existsSync(BUNDLE) ? { command: [process.execPath, BUNDLE] } : {}),
        env: serverEnv({
          DATABASE_URL: urls.primary,
          DATABASE_REPLICA_URLS: urls.replica,
          DATA_DIR: dataDir,
          // The public address is nginx's (the answer client sends it as Origin).
          APP_URL: nginx.origin,
          LOG_LEVEL: "info",
          TRUST_PROXY: "1",
          SIGNIN_RATE_LIMIT: "100000",
          LLM_BASE_URL: model.baseUrl,
          LLM_API_KEY: "bench",
          LLM_MODEL: "bench-model",
          SEARCH_PROVIDER: "searxng",
          SEARXNG_URL: searxng.url,
        }),
      });
      servers.push(server);
      await waitForHealth(server, { timeoutMs: 120_000 });
    }
    const first = servers[0];
    if (!first) throw new Error("no instance");
    const cookies = await pool(
      Array.from({ length: WRITERS + READERS }, (_, i) => `bench-replica-${i}@nexus.test`),
      4,
      (email) => signIn(first, email),
    );
    const origin = nginx.origin;
    const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
    const list = async (cookie: string): Promise<number> => {
      const started = performance.now();
      const res = await fetch(`${origin}/api/history`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`history ${res.status}`);
      return performance.now() - started;
    };
    // Warm-up: an answer and a list per writer, so first-use work is not measured.
    await pool(cookies.slice(0, WRITERS), WRITERS, async (cookie, i) => {
      await streamAnswer({ origin, agent, cookie, question: `Warm-up ${i}?` });
      await list(cookie);
    });

    const lag = { ms: [] as number[], bytes: [] as number[] };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await primary.query<{ bytes: number; ms: number }>(
          `select coalesce(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn), 0)::float8 as bytes,
                  coalesce(extract(epoch from replay_lag) * 1000, 0)::float8 as ms
             from pg_stat_replication`,
        );
        for (const row of rows) {
          lag.bytes.push(Number(row.bytes));
          lag.ms.push(Number(row.ms));
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const [callsPrimary, callsReplica] = await Promise.all([
      statementCalls(primary),
      statementCalls(replica),
    ]);
    const cpuBefore = {
      servers: servers.map((s) => cpuMs(s.pid).server),
      primary: await postgresCpuMs(primary),
      replica: await postgresCpuMs(replica),
    };
    const deadline = performance.now() + SECONDS * 1000;
    const answers: number[] = [];
    const ownReads: number[] = [];
    const otherReads: number[] = [];
    let failures = 0;
    const why = new Map<string, number>();
    const listInto = async (into: number[], cookie: string) => {
      try {
        into.push(await list(cookie));
      } catch {
        failures++;
      }
    };
    const started = performance.now();
    await Promise.all([
      ...cookies.slice(0, WRITERS).map(async (cookie, w) => {
        for (let n = 0; performance.now() < deadline; n++) {
          const t = await streamAnswer({ origin, agent, cookie, question: `Load ${w}-${n}?` });
          if (t.status !== 200 || !t.finished) {
            failures++;
            why.set(
              `${t.status} ${t.error ?? ""}`.slice(0, 120),
              (why.get(`${t.status} ${t.error ?? ""}`.slice(0, 120)) ?? 0) + 1,
            );
          } else answers.push(t.totalMs);
          // The answer's response set nexus_rlsn=pin: the list right after reads the primary.
          await listInto(ownReads, `${cookie}; nexus_rlsn=pin`);
        }
      }),
      ...cookies.slice(WRITERS).map(async (cookie) => {
        while (performance.now() < deadline) await listInto(otherReads, cookie);
      }),
    ]);
    const wallMs = performance.now() - started;
    const cpuAfter = {
      servers: servers.map((s) => cpuMs(s.pid).server),
      primary: await postgresCpuMs(primary),
      replica: await postgresCpuMs(replica),
    };
    sampling = false;
    await sampler;
    const [afterPrimary, afterReplica] = await Promise.all([
      statementCalls(primary),
      statementCalls(replica),
    ]);
    // The statements the replica served (the lists), and the same statements on the primary.
    let onReplica = 0;
    let onPrimary = 0;
    for (const [id, calls] of afterReplica) {
      const delta = calls - (callsReplica.get(id) ?? 0);
      if (delta <= 0) continue;
      onReplica += delta;
      onPrimary += (afterPrimary.get(id) ?? 0) - (callsPrimary.get(id) ?? 0);
    }
    const reads = ownReads.length + otherReads.length;
    const serverCpu = cpuAfter.servers.reduce((s, v, i) => s + v - (cpuBefore.servers[i] ?? 0), 0);
    const perAnswer = (ms: number) => (answers.length ? (ms / answers.length).toFixed(1) : "-");
    const ms = summarize(lag.ms);
    const bytes = summarize(lag.bytes);
    const load = (l: number[]) => l.map((v) => v.toFixed(1)).join(" ");
    const rows: (string | number)[][] = [
      [
        "machine load average before → after (1/5/15 min)",
        `${load(loadBefore)} → ${load(os.loadavg())}`,
      ],
      ["cores", os.cpus().length],
      ["answers finished / failures (answers + lists)", `${answers.length} / ${failures}`],
      ["answers/s", (answers.length / (wallMs / 1000)).toFixed(1)],
      ["whole answer p50 / p99 (ms)", `${summarize(answers).p50} / ${summarize(answers).p99}`],
      ["replay lag p50 / p99 / max (ms, pg_stat_replication)", `${ms.p50} / ${ms.p99} / ${ms.max}`],
      ["replay lag p50 / p99 / max (bytes of WAL)", `${bytes.p50} / ${bytes.p99} / ${bytes.max}`],
      [
        "history lists: right after one's answer / others",
        `${ownReads.length} / ${otherReads.length}`,
      ],
      [
        "list p50 / p99 (ms): after one's answer (primary)",
        `${summarize(ownReads).p50} / ${summarize(ownReads).p99}`,
      ],
      [
        "list p50 / p99 (ms): others",
        `${summarize(otherReads).p50} / ${summarize(otherReads).p99}`,
      ],
      [
        "list statements on replica / primary (share on replica)",
        `${onReplica} / ${onPrimary} (${Math.round((100 * onReplica) / Math.max(1, onReplica + onPrimary))}%)`,
      ],
      [
        "share of all list requests served by the replica",
        `${Math.round((100 * onReplica) / Math.max(1, reads))}%`,
      ],
      [
        "Nexus CPU, both instances, per answer (ms; every list of the window included)",
        perAnswer(serverCpu),
      ],
      ["primary PostgreSQL CPU per answer (ms)", perAnswer(cpuAfter.primary - cpuBefore.primary)],
      ["replica PostgreSQL CPU per answer (ms)", perAnswer(cpuAfter.replica - cpuBefore.replica)],
    ];
    return {
      title: `Replica lag and reads (${WRITERS} answer loops + ${READERS} list loops, ${SECONDS} s, 2 instances, nginx)`,
      markdown: markdownTable(["Quantity", "Figure"], rows),
      misses:
        failures > 0
          ? [
              `replica-load: ${failures} failed requests: ${[...why].map(([k, n]) => `${n}× ${k}`).join("; ")}`,
            ]
          : [],
    };
  } finally {
    await nginx?.stop();
    for (const server of servers) await stopServer(server);
    for (const client of clients) await client.end().catch(() => undefined);
    await model?.close();
    await searxng?.close();
    cluster?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
