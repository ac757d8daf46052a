/**
 * The whole deployment of issue 27 on loopback: a Debian PostgreSQL primary and a streaming
 * replica (pg_basebackup, support/replica-cluster.ts), two real server processes with
 * DATABASE_REPLICA_URLS, the shipped deploy/nginx.conf in front (support/nginx-proxy.ts only
 * moves its addresses to 127.0.0.1). Through nginx: sign-in, an answer, the history list right
 * after shows it on either instance (read-your-writes is a cookie, not process memory) while
 * other reads are served by the replica (counted in its pg_stat_statements); the sign-in limit
 * counts both instances; a SIGKILLed instance costs no request after the ones in flight; a
 * rolling restart (SIGTERM, back, then the other) under a steady loop costs none.
 */
import fs from "node:fs";
import { createDatabase, runMigrations } from "@nexus/db";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../../../e2e/fakes/openai-server.ts";
import {
  completeSignIn,
  freePort,
  makeTempDir,
  type ServerProcess,
  type SignedIn,
  serverEnv,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../../../e2e/support/server-process.ts";
import { parseStream, readUntil, textOf } from "../src/modules/answer/answer-test-kit.ts";
import { type NginxProxy, nginxAvailable, startNginx } from "./support/nginx-proxy.ts";
import { type ReplicaCluster, startReplicaCluster } from "./support/replica-cluster.ts";
import { percentileMs, requestLoop, rlsnOf } from "./support/request-loop.ts";

const LIMIT = 4;
const QUESTION = "Why do tides follow the moon?";
const SLOW_QUESTION = "How high do spring tides rise?";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: ReplicaCluster;
let urls: { primary: string; replica: string };
let replica: pg.Client;
let llm: FakeOpenAIServer;
let dataDir = "";
let nginx: NginxProxy | null = null;
const ports: number[] = [];
const servers: (ServerProcess | null)[] = [null, null];
let user: SignedIn;

async function start(index: number): Promise<ServerProcess> {
  const port = ports[index];
  if (port === undefined) throw new Error(`no port for instance ${index}`);
  const server = spawnServer({
    port,
    env: serverEnv({
      DATABASE_URL: urls.primary,
      DATABASE_REPLICA_URLS: urls.replica,
      // The tests pause the replica's replay: it must stay in use meanwhile.
      DATABASE_REPLICA_MAX_LAG_SECONDS: "3600",
      DATA_DIR: dataDir,
      TRUST_PROXY: "1",
      SIGNIN_RATE_LIMIT: String(LIMIT),
      CHAT_WORKERS: "1",
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: "fake-model",
    }),
  });
  servers[index] = server;
  await waitForHealth(server, { timeoutMs: 90_000 });
  return server;
}

function instance(index: number): ServerProcess {
  const server = servers[index];
  if (!server) throw new Error(`instance ${index} is not running`);
  return server;
}

function proxy(): NginxProxy {
  if (!nginx) throw new Error("no nginx");
  return nginx;
}

const upstreamOf = (res: Response) => res.headers.get("x-nexus-upstream") ?? "";
const allUpstreams = () => ports.map((p) => `127.0.0.1:${p}`).sort();

/** Statements the replica has served for the app (its own bookkeeping and ours left out). */
async function replicaStatements(): Promise<number> {
  const { rows } = await replica.query<{ calls: string }>(
    `select coalesce(sum(calls), 0)::text as calls from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
        and query !~* 'pg_stat_statements|pg_is_in_recovery|pg_last_wal|pg_wal_replay'`,
  );
  return Number(rows[0]?.calls ?? 0);
}

/** Waits (bounded) until the replica has replayed everything the primary has written so far. */
async function replicaCaughtUp() {
  const primary = new pg.Client({ connectionString: urls.primary });
  await primary.connect();
  const { rows } = await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
  await primary.end();
  for (let i = 0; i < 600; i++) {
    const done = await replica.query<{ done: boolean }>(
      "select pg_last_wal_replay_lsn() >= $1::pg_lsn as done",
      [rows[0]?.lsn ?? "0/0"],
    );
    if (done.rows[0]?.done) return;
    await sleep(50);
  }
  throw new Error("the replica did not catch up within 30 s");
}

/** GET /api/history through nginx with these cookies: its thread titles and who answered. */
async function history(
  cookie: string,
): Promise<{ titles: string[]; threadIds: string[]; upstream: string }> {
  const res = await fetch(`${proxy().origin}/api/history`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { threads: { threadId: string; title: string }[] };
  return {
    titles: body.threads.map((t) => t.title),
    threadIds: body.threads.map((t) => t.threadId),
    upstream: upstreamOf(res),
  };
}

/** The sign-in flow through nginx: the link from whichever instance's log sent it. */
async function signInThroughNginx(email: string): Promise<SignedIn> {
  const res = await fetch(`${proxy().origin}/api/auth/email-link`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(202);
  const sender = instance(ports.findIndex((p) => upstreamOf(res) === `127.0.0.1:${p}`));
  const match = await sender.waitForOutput(/Sign-in link for \S+: \S+#signin=([\w-]{43})/);
  return completeSignIn(proxy().origin, { token: match[1] ?? "", email });
}

/**
 * A client of the replica once it has replayed the new database (on a busy machine the first
 * connection can come before the replica has: "database … does not exist", 3D000).
 */
async function connectOnceReplayed(url: string): Promise<pg.Client> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if ((error as { code?: string }).code !== "3D000" || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe("primary + streaming replica, two instances, deploy/nginx.conf", () => {
  beforeAll(async () => {
    if (!nginxAvailable()) throw new Error("nginx is not installed (apt-get install nginx-light)");
    cluster = await startReplicaCluster();
    const admin = new pg.Client({ connectionString: cluster.primaryUrl });
    await admin.connect();
    await admin.query("create database nexus_multi");
    await admin.end();
    urls = cluster.urlsFor("nexus_multi");
    const database = createDatabase({ url: urls.primary, max: 2 });
    await runMigrations(database.db);
    await database.db.execute("create extension if not exists pg_stat_statements");
    await database.close();
    replica = await connectOnceReplayed(urls.replica);
    llm = await startFakeOpenAIServer({
      handler: (request) =>
        request.stream && JSON.stringify(request.messages).includes(SLOW_QUESTION)
          ? {
              kind: "text",
              chunks: Array.from({ length: 12 }, (_, i) => `part${i} `),
              delayMs: 250,
            }
          : { kind: "text", text: "The moon's pull raises the tides." },
    });
    dataDir = makeTempDir("nexus-multi-");
    ports.push(await freePort(), await freePort());
    await Promise.all([start(0), start(1)]);
    nginx = await startNginx({ upstreamPorts: ports });
  }, 240_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const server of servers) if (server) await stopServer(server, 10_000);
    await replica?.query("select pg_wal_replay_resume()").catch(() => undefined);
    await replica?.end().catch(() => undefined);
    await llm?.close();
    cluster?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("the sign-in limit counts the requests of both instances (the first is a whole sign-in)", async () => {
    user = await signInThroughNginx("multi-owner@nexus.test");
    const statuses: number[] = [];
    const upstreams = new Set<string>();
    for (let i = 1; i < LIMIT * 2; i++) {
      const res = await fetch(`${proxy().origin}/api/auth/email-link`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `limit-${i}@nexus.test` }),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
      upstreams.add(upstreamOf(res));
    }
    expect([...upstreams].sort()).toEqual(allUpstreams());
    expect(statuses).toEqual([...Array(LIMIT - 1).fill(202), ...Array(LIMIT).fill(429)]);
  });

  it("an answer shows in the history right after on either instance, other reads on the replica", async () => {
    await replicaCaughtUp();
    // The replica stops replaying: whatever is written from here on, only the primary has.
    await replica.query("select pg_wal_replay_pause()");
    try {
      const res = await fetch(`${proxy().origin}/api/answer`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: user.cookie },
        body: JSON.stringify({ text: QUESTION }),
      });
      expect(res.status).toBe(200);
      expect(textOf(parseStream(await res.text()))).toContain("moon's pull");
      const mark = rlsnOf(res);
      expect(mark).toBe("pin");
      const withMark = `${user.cookie}; nexus_rlsn=${mark}`;

      // The next two lists land on both instances (round robin): each reads the primary.
      let statements = await replicaStatements();
      const lists = [await history(withMark), await history(withMark)];
      expect(lists.map((l) => l.upstream).sort()).toEqual(allUpstreams());
      for (const list of lists) expect(list.titles).toEqual([QUESTION]);
      expect(await replicaStatements()).toBe(statements);

      // Without the mark, both instances read the (paused) replica: the answer is not there yet.
      statements = await replicaStatements();
      const stale = [await history(user.cookie), await history(user.cookie)];
      expect(stale.map((l) => l.upstream).sort()).toEqual(allUpstreams());
      for (const list of stale) expect(list.titles).toEqual([]);
      const discover = await fetch(`${proxy().origin}/api/discover`);
      expect(discover.status).toBe(200);
      const served = (await replicaStatements()) - statements;
      console.info(`replica: ${served} statements for 2 history lists and discover`);
      expect(served).toBeGreaterThanOrEqual(3);

      // A plain write (a rename) carries the primary's WAL position: the replica is skipped
      // until it has replayed that far, on either instance.
      const threadId = lists[0]?.threadIds[0] ?? "";
      const rename = await fetch(`${proxy().origin}/api/threads/${threadId}/title`, {
        method: "PUT",
        headers: { "content-type": "application/json", cookie: user.cookie },
        body: JSON.stringify({ title: "Tides" }),
      });
      expect(rename.status).toBe(200);
      const lsn = rlsnOf(rename);
      expect(lsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      statements = await replicaStatements();
      const renamed = [
        await history(`${user.cookie}; nexus_rlsn=${lsn}`),
        await history(`${user.cookie}; nexus_rlsn=${lsn}`),
      ];
      expect(renamed.map((l) => l.upstream).sort()).toEqual(allUpstreams());
      for (const list of renamed) expect(list.titles).toEqual(["Tides"]);
      expect(await replicaStatements()).toBe(statements);
    } finally {
      await replica.query("select pg_wal_replay_resume()");
    }

    // Once replayed, the replica serves that person's lists again, with the answer in them.
    await replicaCaughtUp();
    const statements = await replicaStatements();
    expect((await history(user.cookie)).titles).toEqual(["Tides"]);
    expect(await replicaStatements()).toBeGreaterThan(statements);
  });

  it("a write made while an answer streams keeps that person on the primary until it is readable", async () => {
    await replicaCaughtUp();
    const answer = await fetch(`${proxy().origin}/api/answer`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie },
      body: JSON.stringify({ text: SLOW_QUESTION }),
    });
    expect(answer.status).toBe(200);
    let jar = `nexus_rlsn=${rlsnOf(answer)}`;
    expect(jar).toBe("nexus_rlsn=pin");
    const reader = answer.body?.getReader();
    const begun = await readUntil(reader, "text-delta");
    // Mid-answer, a rename on (most likely) the other instance: its WAL position is older than
    // the answer's commit still to come.
    const threadId = (await history(`${user.cookie}; ${jar}`)).threadIds[0] ?? "";
    const rename = await fetch(`${proxy().origin}/api/threads/${threadId}/title`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie: `${user.cookie}; ${jar}` },
      body: JSON.stringify({ title: "Tides again" }),
    });
    expect(rename.status).toBe(200);
    const set = rlsnOf(rename);
    if (set !== null) jar = `nexus_rlsn=${set}`;
    // The replica has the rename, then stops replaying before the answer commits.
    await replicaCaughtUp();
    await replica.query("select pg_wal_replay_pause()");
    try {
      const rest = await readUntil(reader, undefined, begun);
      expect(textOf(parseStream(rest))).toContain("part11");
      const lists = [
        await history(`${user.cookie}; ${jar}`),
        await history(`${user.cookie}; ${jar}`),
      ];
      expect(lists.map((l) => l.upstream).sort()).toEqual(allUpstreams());
      for (const list of lists) expect(list.titles).toEqual([SLOW_QUESTION, "Tides again"]);
    } finally {
      await replica.query("select pg_wal_replay_resume()");
    }
  });

  it("SIGKILL of one instance under load: the other answers every request after the kill", async () => {
    const load = requestLoop(proxy(), { workers: 4, writes: false, ...user });
    while (load.outcomes.filter((o) => o.ok).length < 20) await sleep(20);
    const victim = instance(1);
    const killedAt = performance.now();
    victim.kill("SIGKILL", { group: true });
    await victim.exited;
    servers[1] = null;
    const before = load.outcomes.length;
    while (load.outcomes.length < before + 60) await sleep(20);
    const outcomes = await load.stop();
    const after = outcomes.filter((o) => o.startedAt > killedAt);
    const inFlight = outcomes.filter((o) => o.startedAt <= killedAt && !o.ok);
    console.info(
      `SIGKILL: ${outcomes.length} requests, ${inFlight.length} failed in flight, ${after.filter((o) => !o.ok).length} failed after`,
    );
    expect(after.filter((o) => !o.ok).map((o) => o.detail)).toEqual([]);
    expect(inFlight.length).toBeLessThanOrEqual(4);
    expect(after.length).toBeGreaterThanOrEqual(60);
    await start(1);
  }, 180_000);

  it("a rolling restart under a steady loop of reads and writes fails no request", async () => {
    const load = requestLoop(proxy(), { workers: 3, writes: true, ...user });
    const served = async (count: number) => {
      const target = load.outcomes.length + count;
      while (load.outcomes.length < target) await sleep(20);
    };
    await served(20);
    for (const index of [0, 1]) {
      const server = instance(index);
      server.kill("SIGTERM");
      const exit = await server.exited;
      expect(exit.code, `instance ${index} drained and exited 0`).toBe(0);
      await served(20);
      await start(index);
      await served(20);
    }
    const outcomes = await load.stop();
    const failed = outcomes.filter((o) => !o.ok).map((o) => o.detail);
    console.info(
      `rolling restart: ${outcomes.length} requests, ${failed.length} failed, p50 ${percentileMs(outcomes, 50)} ms, p99 ${percentileMs(outcomes, 99)} ms`,
    );
    // nginx's own account of each failure (a refused connect it passed on is not one).
    const causes = proxy()
      .errorLog()
      .split("\n")
      .filter((line) => line.includes("[error]") && !line.includes("Connection refused"));
    expect(failed, causes.join("\n").slice(-3000)).toEqual([]);
    const writes = outcomes.filter((o) => o.detail.startsWith("PATCH")).length;
    expect(writes).toBeGreaterThan(10);
    // Two restarts of a server run from source (tsx) on a loaded machine exceed the default 60 s.
  }, 300_000);
});
