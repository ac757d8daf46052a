import { Writable } from "node:stream";
import { afterAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/db.ts";
import { createLogger } from "../lib/logger.ts";
import { type JobQueue, startJobQueue } from "./queue.ts";

/**
 * Issue 27: instances started together (compose starts both at once) on one database. Each
 * creates the queues it does not find; pg-boss's create_queue attaches a partition to its job
 * table, and two of them side by side deadlocked ("Nexus failed to start: deadlock detected",
 * seen in the multi-instance test). Queue set-up is now one instance at a time.
 */

const INSTANCES = 3;
const QUEUES = Array.from({ length: 6 }, (_, i) => ({
  name: `together-${i}`,
  retryLimit: 1,
  retryDelaySeconds: 0,
  expireInSeconds: 60,
}));
const databases: TestDatabase[] = [];
const started: JobQueue[] = [];
const logger = createLogger({
  level: "warn",
  destination: new Writable({ write: (_chunk, _enc, done) => done() }),
});

afterAll(async () => {
  for (const queue of started) await queue.stop(2_000);
  for (const db of databases) await db.close();
});

it(`${INSTANCES} instances starting at once on new databases all start, with one set of queues`, async () => {
  for (let round = 0; round < 3; round++) {
    const db = await createTestDatabase();
    databases.push(db);
    const results = await Promise.allSettled(
      Array.from({ length: INSTANCES }, () =>
        startJobQueue({ url: db.url, logger, maintenanceIntervalSeconds: 60, queues: QUEUES }),
      ),
    );
    for (const result of results) if (result.status === "fulfilled") started.push(result.value);
    const errors = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
    expect(errors, `round ${round}`).toEqual([]);
    const { rows } = await db.db.$client.query<{ name: string }>(
      "select name from pgboss.queue where name like 'together-%' order by name",
    );
    expect(rows.map((row) => row.name)).toEqual(QUEUES.map((q) => q.name).sort());
  }
});
