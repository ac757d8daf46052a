/**
 * Durable ingestion against the real server process: SIGKILL while 10 uploaded files are being
 * ingested, restart, and every file ends ready exactly once (one `ready` event per run, chunks
 * written once: their primary key is (file, ordinal)). And (G10, issue 23): SIGKILL while a job
 * is running with documents holding NULs queued behind it (they made the chunk insert fail and
 * pg-boss's unawaited fail() crash the process, again after every restart): after the restart
 * every file ends, and the same process is still serving after the dead instance's job expired.
 */
import fs from "node:fs";
import { runningEmbeddedUrl } from "@nexus/db";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  makeTempDir,
  type ServerProcess,
  serverEnv,
  signInFromLog,
  spawnServer,
  stopServer,
  waitForHealth,
} from "../../../e2e/support/server-process.ts";
import { NUL_DOCUMENTS } from "./hostile/nul-documents.ts";

const FILES = 10;
let dataDir = "";
const spawned = new Set<ServerProcess>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(dir = dataDir): Promise<ServerProcess> {
  const server = spawnServer({
    port: await freePort(),
    env: serverEnv({
      DATA_DIR: dir,
      LOG_LEVEL: "info",
      ANSWER_WORKERS: "0",
      // One file at a time, so the kill lands while most are queued or running.
      INGEST_CONCURRENCY: "1",
      // A dead instance's running job is retried after 3 s (checked every second).
      JOB_EXPIRE_SECONDS: "3",
      JOB_MAINTENANCE_SECONDS: "1",
    }),
  });
  spawned.add(server);
  await waitForHealth(server, { timeoutMs: 90_000 });
  return server;
}

function text(n: number): string {
  const sentence = `File ${n} records the crossing of the ferry number ${n} in calm weather. `;
  return sentence.repeat(400);
}

describe("durable ingestion (crash resume)", () => {
  beforeAll(() => {
    dataDir = makeTempDir("nexus-files-crash-");
  });
  afterAll(async () => {
    for (const server of spawned) await stopServer(server, 5_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("SIGKILL while 10 files ingest → restart → all ready, none ingested twice", {
    timeout: 240_000,
  }, async () => {
    const first = await startServer();
    const user = await signInFromLog(first, "files-crash@nexus.test");
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: FILES }, async (_, n) => {
        const form = new FormData();
        form.append("file", new Blob([text(n)]), `ferry-${n}.txt`);
        const res = await fetch(`${first.origin}/api/files`, {
          method: "POST",
          headers: { cookie: user.cookie },
          body: form,
        });
        expect(res.status).toBe(201);
        ids.push(((await res.json()) as { id: string }).id);
      }),
    );
    await sleep(300);
    first.kill("SIGKILL");
    await first.exited;
    spawned.delete(first);
    // The kill landed before ingestion finished (PostgreSQL, orphaned, still answers).
    const orphanUrl = runningEmbeddedUrl(dataDir);
    if (orphanUrl) {
      const probe = new pg.Client({ connectionString: orphanUrl });
      await probe.connect();
      const pending = await probe.query<{ n: number }>(
        "select count(*)::int as n from files where status <> 'ready'",
      );
      await probe.end();
      expect(pending.rows[0]?.n, "files not yet ready at the kill").toBeGreaterThan(0);
    }

    const second = await startServer();
    const deadline = Date.now() + 120_000;
    let statuses: string[] = [];
    const refusals: string[] = [];
    while (Date.now() < deadline) {
      const res = await fetch(`${second.origin}/api/files`, { headers: { cookie: user.cookie } });
      if (!res.ok) {
        // The restarted server, resuming ten ingestions on a loaded machine, may turn a request
        // away (once seen in CI); the files must still all end ready, which is what this checks.
        refusals.push(`${res.status} ${(await res.text()).slice(0, 200)}`);
        await sleep(500);
        continue;
      }
      const body = (await res.json()) as { files: Array<{ id: string; status: string }> };
      statuses = body.files.map((f) => f.status);
      if (statuses.length === FILES && statuses.every((s) => s === "ready" || s === "failed"))
        break;
      await sleep(500);
    }
    expect(statuses, `refused meanwhile: ${refusals.join(" | ")}`).toEqual(
      Array.from({ length: FILES }, () => "ready"),
    );
    if (refusals.length > 0) console.log(`files-crash: refused meanwhile: ${refusals.join(" | ")}`);

    const url = runningEmbeddedUrl(dataDir);
    if (!url) throw new Error("no running embedded PostgreSQL");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const ready = await client.query<{ id: string; n: number; chunks: number }>(
        `select f.id,
                (select count(*)::int from run_events e where e.run_id = f.run_id and e.type = 'ready') as n,
                (select count(*)::int from file_chunks c where c.file_id = f.id) as chunks
         from files f`,
      );
      expect(ready.rows.map((r) => r.n)).toEqual(Array.from({ length: FILES }, () => 1));
      for (const row of ready.rows) expect(row.chunks).toBeGreaterThan(0);
      expect(ready.rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    } finally {
      await client.end();
    }
    await stopServer(second);
  });

  it("G10: SIGKILL with NUL documents queued → restart → every file ends, the process stays up", {
    timeout: 240_000,
  }, async () => {
    const dir = makeTempDir("nexus-files-crash-nul-");
    try {
      const first = await startServer(dir);
      const user = await signInFromLog(first, "files-crash-nul@nexus.test");
      const uploads = [
        // Queued first (one ingestion at a time): the job the kill leaves active.
        { name: "long-crossing.txt", bytes: new TextEncoder().encode(text(99).repeat(60)) },
        ...NUL_DOCUMENTS.map((d) => ({ name: d.name, bytes: d.make() })),
      ];
      const ids: string[] = [];
      for (const { name, bytes } of uploads) {
        const form = new FormData();
        form.append("file", new Blob([bytes]), name);
        const res = await fetch(`${first.origin}/api/files`, {
          method: "POST",
          headers: { cookie: user.cookie },
          body: form,
        });
        expect(res.status).toBe(201);
        ids.push(((await res.json()) as { id: string }).id);
      }
      // Killed while the long file is being read: its job is left active by a dead instance.
      for (let i = 0; i < 400; i++) {
        const res = await fetch(`${first.origin}/api/files/${ids[0]}`, {
          headers: { cookie: user.cookie },
        });
        const { status } = (await res.json()) as { status: string };
        if (status !== "queued") break;
        await sleep(25);
      }
      first.kill("SIGKILL");
      await first.exited;
      spawned.delete(first);

      const second = await startServer(dir);
      const url = runningEmbeddedUrl(dir);
      if (!url) throw new Error("no running embedded PostgreSQL");
      const client = new pg.Client({ connectionString: url });
      // A crashed server takes its PostgreSQL down: the queries below then fail the test.
      client.on("error", () => undefined);
      await client.connect();
      try {
        const terminal = async () =>
          (
            await client.query<{ id: string; status: string }>(
              "select id, status from files where status in ('ready', 'failed')",
            )
          ).rows;
        const deadline = Date.now() + 120_000;
        while ((await terminal()).length < uploads.length && Date.now() < deadline)
          await sleep(500);
        const ended = await terminal();
        expect(ended.map((r) => r.id).sort()).toEqual([...ids].sort());
        // With the cleaning, every one of them is readable.
        expect(ended.map((r) => r.status)).toEqual(uploads.map(() => "ready"));
        // Past the expiry of anything the dead instance held (3 s, checked every second): no
        // job is left active, and the process that restarted is the one still serving.
        await sleep(8_000);
        const active = await client.query<{ n: number }>(
          "select count(*)::int as n from pgboss.job where name = 'file-ingest' and state = 'active'",
        );
        expect(active.rows[0]?.n).toBe(0);
        expect(second.exit()).toBeNull();
        const health = await fetch(`${second.origin}/api/health`);
        expect(health.ok).toBe(true);
        const stored = await client.query<{ output: string }>(
          "select coalesce(output::text, '') as output from pgboss.job where name = 'file-ingest'",
        );
        for (const row of stored.rows) {
          expect(row.output).not.toContain("\\u0000");
          expect(row.output).not.toContain("lighthouse");
        }
        const chunks = await client.query<{ n: number }>(
          "select count(*)::int as n from file_chunks where position(chr(65533) in content) > 0",
        );
        expect(chunks.rows[0]?.n).toBe(0);
        expect(second.output()).not.toContain("lighthouse");
      } finally {
        await client.end();
      }
      await stopServer(second);
      spawned.delete(second);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
