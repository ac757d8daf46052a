/**
 * Gate G10 (crash safety) against the real server process and its embedded PostgreSQL:
 * SIGKILL during acknowledged writes, restart, every acknowledged write still there; a second
 * server on the same data directory is refused; SIGTERM shuts down cleanly within 10 s.
 * CRASH_CYCLES overrides the number of cycles (25 in CI, 200 nightly).
 */
import fs from "node:fs";
import path from "node:path";
import { runningEmbeddedUrl } from "@nexus/db";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  exitWithin,
  freePort,
  makeTempDir,
  type ServerProcess,
  type SignedIn,
  serverEnv,
  signInFromLog,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../../../e2e/support/server-process.ts";
import { LINK_TTL_MINUTES } from "../src/modules/auth/auth.service.ts";

const CYCLES = Number(process.env.CRASH_CYCLES ?? 25);
const WRITERS = 6;
const USER_EMAIL = "crash-owner@nexus.test";

let dataDir = "";
const spawned = new Set<ServerProcess>();
let ip = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A distinct client address per request (TRUST_PROXY): the per-address limit on links stays out of the way. */
function nextAddress(): string {
  ip += 1;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
}

/**
 * A server on a free port. The port is free when asked for and taken when the server listens; in
 * between another process may take it (the server's own embedded PostgreSQL picks free ports too):
 * that start is tried again on another port (the 200-cycle nightly run met it once).
 */
async function startServer(attempt = 1): Promise<ServerProcess> {
  const server = spawnServer({
    port: await freePort(),
    env: serverEnv({ DATA_DIR: dataDir, TRUST_PROXY: "true", LOG_LEVEL: "info" }),
  });
  spawned.add(server);
  try {
    await waitForHealth(server, { timeoutMs: 60_000 });
  } catch (error) {
    if (attempt >= 3 || !/EADDRINUSE|already in use/.test(String(error))) throw error;
    spawned.delete(server);
    return startServer(attempt + 1);
  }
  return server;
}

/**
 * A sign-in link expires after LINK_TTL_MINUTES and housekeeping (a pg-boss schedule, hourly at
 * :17) then deletes it, rightly: a 200-cycle nightly run lasts longer than that. So a link is
 * checked while it is younger than this, which every link is at the restart after its own cycle;
 * the test holds that each one was checked at least once.
 */
const LINK_CHECKABLE_MS = (LINK_TTL_MINUTES - 2) * 60_000;

/** Writes the server acknowledged: sign-in link rows (one per address) and the latest profile name. */
class Ledger {
  readonly links: { email: string; ackedAt: number }[] = [];
  /** Links found after a restart at least once. */
  readonly checked = new Set<string>();
  /** Names the profile may carry: the last acknowledged one, plus one possibly committed in flight. */
  names = new Set<string>();

  async verify(server: ServerProcess, user: SignedIn): Promise<void> {
    const url = runningEmbeddedUrl(dataDir);
    if (!url) throw new Error("no running embedded PostgreSQL for the data directory");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const since = Date.now() - LINK_CHECKABLE_MS;
      const emails = this.links.filter((l) => l.ackedAt > since).map((l) => l.email);
      const found = await client.query<{ email: string }>(
        "select email from sign_in_tokens where email = any($1::text[])",
        [emails],
      );
      const present = new Set(found.rows.map((r) => r.email));
      const lost = emails.filter((e) => !present.has(e));
      expect(lost, "acknowledged sign-in link rows lost").toEqual([]);
      for (const email of emails) this.checked.add(email);
    } finally {
      await client.end();
    }
    const response = await fetch(`${server.origin}/api/users/${user.userId}`, {
      headers: { cookie: user.cookie },
    });
    expect(response.status, "the session survives the crash").toBe(200);
    const profile = (await response.json()) as { name: string };
    if (this.names.size > 0) expect([...this.names]).toContain(profile.name);
    this.names = new Set([profile.name]);
  }
}

/**
 * Concurrent acknowledged writes until halt(): sign-in link requests (a new row each, unique
 * addresses) and a chain of profile renames. `done` resolves with the first unexpected failure
 * before halt() (a non-2xx answer or a network error), or null.
 */
function writeLoad(options: {
  server: ServerProcess;
  user: SignedIn;
  cycle: number;
  ledger: Ledger;
}) {
  const { server, user, cycle, ledger } = options;
  let running = true;
  let acked = 0;
  const attempt = async (send: () => Promise<Response>, ok: number, onAck: () => void) => {
    try {
      const response = await send();
      await response.body?.cancel();
      if (response.status === ok) {
        onAck();
        acked++;
      } else if (running) {
        throw new Error(`answered ${response.status}`);
      }
    } catch (error) {
      if (running) throw error;
    }
  };
  const linkWriter = async (writer: number) => {
    for (let n = 0; running; n++) {
      const email = `crash-c${cycle}-w${writer}-n${n}@nexus.test`;
      await attempt(
        () =>
          fetch(`${server.origin}/api/auth/email-link`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
            body: JSON.stringify({ email }),
          }),
        202,
        () => ledger.links.push({ email, ackedAt: Date.now() }),
      );
    }
  };
  const nameWriter = async () => {
    for (let n = 0; running; n++) {
      const name = `v${cycle}-${n}`;
      ledger.names.add(name); // committed or not, until the answer says
      await attempt(
        () =>
          fetch(`${server.origin}/api/users/${user.userId}`, {
            method: "PATCH",
            headers: { "content-type": "application/json", cookie: user.cookie },
            body: JSON.stringify({ name }),
          }),
        200,
        () => {
          ledger.names = new Set([name]);
        },
      );
    }
  };
  const writers = [...Array.from({ length: WRITERS }, (_, w) => linkWriter(w)), nameWriter()];
  const done = Promise.allSettled(writers).then((results) => {
    const failure = results.find((r) => r.status === "rejected");
    return failure && failure.status === "rejected" ? (failure.reason as unknown) : null;
  });
  return {
    acked: () => acked,
    /** No new writes; the ones in flight run on (the kill lands among them). */
    halt: () => {
      running = false;
    },
    done,
  };
}

describe("crash safety (G10)", () => {
  let user: SignedIn | null = null;
  const ledger = new Ledger();

  beforeAll(() => {
    dataDir = makeTempDir("nexus-crash-");
  });

  afterAll(async () => {
    for (const server of spawned) await stopServer(server, 5_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`restarts after ${CYCLES} SIGKILLs during writes with every acknowledged write kept`, {
    // ~6 s a cycle on a quiet machine; a busy CI machine has been seen at 10 s.
    timeout: 60_000 + CYCLES * 14_000,
  }, async () => {
    let maxStartMs = 0;
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const started = performance.now();
      const server = await startServer();
      maxStartMs = Math.max(maxStartMs, performance.now() - started);
      user ??= await signInFromLog(server, USER_EMAIL);
      await ledger.verify(server, user);

      const load = writeLoad({ server, user, cycle, ledger });
      const deadline = Date.now() + 5_000;
      await sleep(150 + Math.floor(Math.random() * 450));
      while (load.acked() < 5 && Date.now() < deadline) await sleep(20);
      // Odd cycles kill the Node process only (PostgreSQL is orphaned and must be taken over);
      // even cycles kill the whole group, PostgreSQL included (crash recovery on the next start).
      load.halt();
      server.kill("SIGKILL", { group: cycle % 2 === 0 });
      await server.exited;
      spawned.delete(server);
      expect(await load.done, "writes failed before the kill").toBeNull();
      expect(load.acked(), `cycle ${cycle}: writes acknowledged before the kill`).toBeGreaterThan(
        0,
      );
    }
    const server = await startServer();
    if (!user) throw new Error("never signed in");
    await ledger.verify(server, user);
    await stopServer(server);
    const unchecked = ledger.links.filter((l) => !ledger.checked.has(l.email));
    expect(unchecked, "acknowledged links never checked after a restart").toEqual([]);
    console.log(
      `crash test: ${CYCLES} cycles, ${ledger.links.length} acknowledged link writes kept, ` +
        `slowest start ${Math.round(maxStartMs)} ms`,
    );
  });

  it("refuses a second server on the same data directory", { timeout: 90_000 }, async () => {
    const first = await startServer();
    const second = spawnServer({
      port: await freePort(),
      env: serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: "info" }),
    });
    spawned.add(second);
    const exit = await exitWithin(second, 30_000);
    expect(exit, "the second server exits").not.toBeNull();
    expect(exit?.code).not.toBe(0);
    expect(second.output()).toContain("already using the data directory");
    const health = await fetch(`${first.origin}/api/health`);
    expect(health.status, "the first server is unaffected").toBe(200);
    await stopServer(first);
  });

  it("shuts down cleanly on SIGTERM within 10 s, during writes", { timeout: 90_000 }, async () => {
    const server = await startServer();
    if (!user) throw new Error("never signed in");
    const load = writeLoad({ server, user, cycle: 0, ledger });
    await sleep(300);
    load.halt();
    server.kill("SIGTERM");
    const exit = await exitWithin(server, 10_000);
    expect(await load.done, "writes failed before SIGTERM").toBeNull();
    expect(exit, "exited within 10 s").toEqual({ code: 0, signal: null });
    expect(
      fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid")),
      "PostgreSQL stopped",
    ).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "nexus.pid")), "data directory released").toBe(false);
    const again = await startServer();
    await ledger.verify(again, user);
    await stopServer(again);
  });
});
