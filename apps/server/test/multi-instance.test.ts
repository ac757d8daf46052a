/**
 * Several instances behind nginx (issue 27): two real server processes on one PostgreSQL behind
 * the shipped deploy/nginx.conf (support/nginx-proxy.ts only moves its addresses to 127.0.0.1).
 * The sign-in limit counts both instances; a SIGKILLed instance costs no request after the ones
 * in flight; a rolling restart (SIGTERM, back, then the other) under a steady loop costs none.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { createTestDatabase, type TestDatabase } from "./db.ts";
import { type NginxProxy, nginxAvailable, startNginx } from "./support/nginx-proxy.ts";

const LIMIT = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
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
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      TRUST_PROXY: "1",
      SIGNIN_RATE_LIMIT: String(LIMIT),
      CHAT_WORKERS: "1",
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

interface Outcome {
  ok: boolean;
  detail: string;
  startedAt: number;
  upstream: string;
}

/**
 * `workers` loops of requests through nginx until stop(): GET the history (idempotent) and, on
 * every third turn, PATCH the profile name (a write nginx must not send twice).
 */
function requestLoop(proxy: NginxProxy, workers: number, withWrites: boolean) {
  let running = true;
  const outcomes: Outcome[] = [];
  const loop = async (worker: number) => {
    for (let n = 0; running; n++) {
      const startedAt = performance.now();
      const write = withWrites && n % 3 === 2;
      try {
        const res = write
          ? await fetch(`${proxy.origin}/api/users/${user.userId}`, {
              method: "PATCH",
              headers: { "content-type": "application/json", cookie: user.cookie },
              body: JSON.stringify({ name: `w${worker}-${n}` }),
            })
          : await fetch(`${proxy.origin}/api/history`, { headers: { cookie: user.cookie } });
        await res.arrayBuffer();
        outcomes.push({
          ok: res.status === 200,
          detail: `${write ? "PATCH" : "GET"} ${res.status}`,
          startedAt,
          upstream: res.headers.get("x-nexus-upstream") ?? "",
        });
      } catch (error) {
        outcomes.push({ ok: false, detail: String(error), startedAt, upstream: "" });
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => loop(w)));
  return {
    outcomes,
    stop: async () => {
      running = false;
      await done;
      return outcomes;
    },
  };
}

describe("two instances behind deploy/nginx.conf", () => {
  beforeAll(async () => {
    if (!nginxAvailable()) throw new Error("nginx is not installed (apt-get install nginx-light)");
    database = await createTestDatabase();
    dataDir = makeTempDir("nexus-multi-");
    ports.push(await freePort(), await freePort());
    await Promise.all([start(0), start(1)]);
    nginx = await startNginx({ upstreamPorts: ports });
    // A session made on one instance (the address given directly, outside the limit under test).
    const email = "multi-owner@nexus.test";
    const res = await fetch(`${instance(0).origin}/api/auth/email-link`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.77.0.1" },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(202);
    const match = await instance(0).waitForOutput(/Sign-in link for \S+: \S+#signin=([\w-]{43})/);
    user = await completeSignIn(instance(0).origin, { token: match[1] ?? "", email });
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const server of servers) if (server) await stopServer(server, 10_000);
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("the sign-in limit counts the requests of both instances", async () => {
    if (!nginx) throw new Error("no nginx");
    const statuses: number[] = [];
    const upstreams = new Set<string>();
    for (let i = 0; i < LIMIT * 2; i++) {
      const res = await fetch(`${nginx.origin}/api/auth/email-link`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `limit-${i}@nexus.test` }),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
      upstreams.add(res.headers.get("x-nexus-upstream") ?? "");
    }
    expect([...upstreams].sort()).toEqual(ports.map((p) => `127.0.0.1:${p}`).sort());
    expect(statuses).toEqual([...Array(LIMIT).fill(202), ...Array(LIMIT).fill(429)]);
  });

  it("SIGKILL of one instance under load: the other answers every request after the kill", async () => {
    if (!nginx) throw new Error("no nginx");
    const load = requestLoop(nginx, 4, false);
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
  });

  it("a rolling restart under a steady loop of reads and writes fails no request", async () => {
    if (!nginx) throw new Error("no nginx");
    const load = requestLoop(nginx, 3, true);
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
    console.info(`rolling restart: ${outcomes.length} requests, ${failed.length} failed`);
    // nginx's own account of each failure (a refused connect it passed on is not one).
    const causes = nginx
      .errorLog()
      .split("\n")
      .filter((line) => line.includes("[error]") && !line.includes("Connection refused"));
    expect(failed, causes.join("\n").slice(-3000)).toEqual([]);
    const writes = outcomes.filter((o) => o.detail.startsWith("PATCH")).length;
    expect(writes).toBeGreaterThan(10);
  });
});
