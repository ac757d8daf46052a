import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDatabase, createReadReplicas, type ReadReplicas, runMigrations } from "@nexus/db";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";
import { seedEntries } from "../src/modules/history/history-test-kit.ts";
import { createHarness, type Harness } from "./harness.ts";
import { type ReplicaCluster, startReplicaCluster } from "./support/replica-cluster.ts";

// A Debian PostgreSQL primary with a streaming replica; the app reads history and library lists
// through deps.replicas. Replication is asynchronous: the tests wait for the replica to replay a
// known WAL position (or pause its replay) instead of sleeping.

let cluster: ReplicaCluster;
let h: Harness;
let router: ReadReplicas;
let replicaUrl: string;

async function primaryLsn(): Promise<string> {
  const { rows } = await h.db.pool.query<{ lsn: string }>(
    "select pg_current_wal_lsn()::text as lsn",
  );
  return rows[0]?.lsn ?? "0/0";
}

async function onReplica<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: replicaUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Waits (bounded) until the replica has replayed everything the primary has written so far. */
async function replicaCaughtUp() {
  const target = await primaryLsn();
  for (let i = 0; i < 600; i++) {
    const [row] = await onReplica<{ done: boolean }>(
      "select pg_last_wal_replay_lsn() >= $1::pg_lsn as done",
      [target],
    );
    if (row?.done) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the replica did not catch up within 30 s");
}

/** GET /share/:id, the share page's HTML (an app with a built web folder of one index.html). */
async function sharePage(shareId: string): Promise<Response> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-rr-dist-"));
  try {
    fs.writeFileSync(
      path.join(dist, "index.html"),
      '<!doctype html><html><head><meta name="description" content="Nexus" /><title>Nexus</title></head><body></body></html>',
    );
    return await createApp(h.deps, { webDist: dist }).request(`/share/${shareId}`);
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

function rlsnOf(res: Response): string | null {
  const match = /nexus_rlsn=([^;]+)/.exec(res.headers.get("set-cookie") ?? "");
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

async function libraryIds(cookie: string): Promise<string[]> {
  const res = await h.request("/api/library", { cookie });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { items: { entryId: string }[] };
  return body.items.map((item) => item.entryId);
}

beforeAll(async () => {
  cluster = await startReplicaCluster();
  const admin = new pg.Client({ connectionString: cluster.primaryUrl });
  await admin.connect();
  await admin.query("create database nexus_rr");
  await admin.end();
  const urls = cluster.urlsFor("nexus_rr");
  replicaUrl = urls.replica;
  const database = createDatabase({ url: urls.primary, max: 10 });
  await runMigrations(database.db);
  h = await createHarness(
    { SUPER_ADMIN_IDS: "rr-admin@acme.com" },
    {
      database: { ...database, url: urls.primary, name: "nexus_rr" },
      replicas: (primary) => {
        router = createReadReplicas({ primary, urls: [urls.replica], maxLagSeconds: 3600 });
        return router;
      },
    },
  );
}, 120_000);

afterAll(async () => {
  await h?.close();
  cluster?.close();
});

describe("read replicas with read-your-writes", () => {
  it("serves a person's list from the primary right after their write, other reads from the replica", async () => {
    const { cookie, userId } = await h.signIn("rr-writer@acme.com");
    const [entryId] = await seedEntries(h, [
      { userId, threadId: "t-rr-1", timestamp: new Date("2026-01-01T00:00:00Z") },
    ]);
    await replicaCaughtUp();
    await router.checkNow();

    const before = router.counts();
    expect(await libraryIds(cookie)).toEqual([]);
    expect(router.counts().replicas[0]).toBe((before.replicas[0] ?? 0) + 1);

    // The replica stops replaying: it cannot see the bookmark below until resumed.
    await onReplica("select pg_wal_replay_pause()");
    try {
      const put = await h.request(`/api/history/${entryId}/bookmark`, {
        method: "PUT",
        cookie,
        body: { isBookmarked: true },
      });
      expect(put.status).toBe(200);
      const rlsn = rlsnOf(put);
      expect(rlsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      await router.checkNow();

      // Without the write's cookie the (paused) replica answers: the bookmark is not there yet.
      expect(await libraryIds(cookie)).toEqual([]);
      // With it, the person who wrote reads from the primary and sees their bookmark.
      const primaryBefore = router.counts().primary;
      expect(await libraryIds(`${cookie}; nexus_rlsn=${rlsn}`)).toEqual([entryId]);
      expect(router.counts().primary).toBe(primaryBefore + 1);
    } finally {
      await onReplica("select pg_wal_replay_resume()");
    }

    // Once the replica has replayed past the write, that person's reads go back to it.
    await replicaCaughtUp();
    await router.checkNow();
    const replicaBefore = router.counts().replicas[0] ?? 0;
    const rlsn = await primaryLsn();
    expect(await libraryIds(`${cookie}; nexus_rlsn=${rlsn}`)).toEqual([entryId]);
    expect(router.counts().replicas[0]).toBe(replicaBefore + 1);
  });

  it("pins a person to the primary after a streamed write (an answer)", async () => {
    const { cookie } = await h.signIn("rr-answer@acme.com");
    const res = await h.request("/api/answer", {
      method: "POST",
      cookie,
      body: { text: "Tides?" },
    });
    expect(res.status).toBe(200);
    await res.text();
    expect(rlsnOf(res)).toBe("pin");
    const primaryBefore = router.counts().primary;
    const list = await h.request("/api/history", { cookie: `${cookie}; nexus_rlsn=pin` });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { threads: unknown[] };
    expect(body.threads).toHaveLength(1);
    expect(router.counts().primary).toBe(primaryBefore + 1);
  });

  it("reads public share pages, discover and the admin lists from the replica; a link it has not replayed still opens", async () => {
    const { cookie, userId } = await h.signIn("rr-sharer@acme.com");
    const admin = await h.signIn("rr-admin@acme.com");
    const [first, second] = await seedEntries(h, [
      { userId, threadId: "t-rr-share-1", timestamp: new Date("2026-02-01T00:00:00Z") },
      { userId, threadId: "t-rr-share-2", timestamp: new Date("2026-02-02T00:00:00Z") },
    ]);
    const share = async (entryId: string | undefined) => {
      const res = await h.request("/api/shares", { method: "POST", cookie, body: { entryId } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { shareId: string }).shareId;
    };
    const shown = await share(first);
    await replicaCaughtUp();
    await router.checkNow();

    // Anyone's read of the page, the share page's HTML and the admin lists: the replica.
    let before = router.counts();
    expect((await h.request(`/api/shares/${shown}`)).status).toBe(200);
    expect((await sharePage(shown)).status).toBe(200);
    for (const list of ["users", "feedback", "leads", "usage"])
      expect((await h.request(`/api/admin/${list}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await h.request("/api/discover")).status).toBe(200);
    expect(router.counts().replicas[0]).toBe((before.replicas[0] ?? 0) + 7);
    expect(router.counts().primary).toBe(before.primary);

    await onReplica("select pg_wal_replay_pause()");
    try {
      // A link the paused replica cannot see: the primary answers, it is not a miss.
      const fresh = await share(second);
      await router.checkNow();
      before = router.counts();
      const res = await h.request(`/api/shares/${fresh}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { shareId: string }).shareId).toBe(fresh);
      expect((await sharePage(fresh)).status).toBe(200);
      expect(router.counts().replicas[0]).toBe((before.replicas[0] ?? 0) + 2);
      // An unknown link is still a 404.
      expect((await h.request(`/api/shares/${"Q".repeat(22)}`)).status).toBe(404);
    } finally {
      await onReplica("select pg_wal_replay_resume()");
    }
  });

  it("skips a replica that lags beyond DATABASE_REPLICA_MAX_LAG_SECONDS", async () => {
    const { userId } = await h.signIn("rr-lag@acme.com");
    await replicaCaughtUp();
    await onReplica("select pg_wal_replay_pause()");
    const strict = createReadReplicas({ primary: h.db.db, urls: [replicaUrl], maxLagSeconds: 0 });
    const tolerant = createReadReplicas({
      primary: h.db.db,
      urls: [replicaUrl],
      maxLagSeconds: 3600,
    });
    try {
      // A write the paused replica has received but not replayed: it now lags.
      await seedEntries(h, [{ userId, threadId: "t-rr-lag", timestamp: new Date() }]);
      const target = await primaryLsn();
      for (let i = 0; i < 600; i++) {
        const [row] = await onReplica<{ got: boolean }>(
          "select pg_last_wal_receive_lsn() >= $1::pg_lsn as got",
          [target],
        );
        if (row?.got) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await Promise.all([strict.checkNow(), tolerant.checkNow()]);
      expect(strict.pick()).toBe(h.db.db);
      expect(tolerant.pick()).not.toBe(h.db.db);
    } finally {
      await onReplica("select pg_wal_replay_resume()");
      await strict.close();
      await tolerant.close();
    }
  });

  it("keeps reads working when the replica stops, and skips it once checked", async () => {
    const { cookie, userId } = await h.signIn("rr-down@acme.com");
    await seedEntries(h, [
      { userId, threadId: "t-rr-down", timestamp: new Date(), isBookmarked: true },
    ]);
    await replicaCaughtUp();
    await router.checkNow();
    cluster.stopReplica();
    // Before any health check notices: the failed connection falls back to the primary.
    expect(await libraryIds(cookie)).toHaveLength(1);
    await router.checkNow();
    const before = router.counts();
    expect(await libraryIds(cookie)).toHaveLength(1);
    expect(router.counts().primary).toBe(before.primary + 1);
    expect(router.counts().replicas[0]).toBe(before.replicas[0]);
  });
});
