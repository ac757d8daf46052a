import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/db.ts";
import { createLogger } from "../lib/logger.ts";
import { type JobQueue, startJobQueue } from "./queue.ts";

/**
 * Issue 23, point 1: pg-boss stores a failed handler's error (serialize-error: message, stack and
 * every field, a Drizzle error's parameters included) in its jsonb `output`, which refuses U+0000;
 * its fail() is not awaited, so the rejection was unhandled and the job stayed active. A handler's
 * error now reaches pg-boss as a code only.
 */

const DOCUMENT = "The harbour master's private log of the night crossing";
const QUEUE = "nul-errors";

let db: TestDatabase;
let queue: JobQueue;
const logs: string[] = [];
const attempts: number[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const logger = createLogger({
    level: "debug",
    destination: new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  });
  queue = await startJobQueue({
    url: db.url,
    logger,
    maintenanceIntervalSeconds: 1,
    pollingIntervalSeconds: 0.5,
    queues: [{ name: QUEUE, retryLimit: 2, retryDelaySeconds: 0, expireInSeconds: 60 }],
  });
  await queue.work(QUEUE, { concurrency: 1 }, async (job) => {
    attempts.push(job.retryCount);
    // A real DrizzleQueryError: PostgreSQL refuses the NUL (22021); the error holds the SQL and
    // the parameter, i.e. the document's text with its NUL.
    await db.db.execute(sql`select ${`${DOCUMENT}\u0000`}::text`);
  });
});

afterAll(async () => {
  await queue?.stop(2_000);
  await db?.close();
});

async function stateOf(id: string): Promise<{ state: string; output: unknown } | undefined> {
  const { rows } = await db.db.$client.query<{ state: string; output: unknown }>(
    "select state, output from pgboss.job where id = $1",
    [id],
  );
  return rows[0];
}

describe("a job handler's error", () => {
  it("ends the job failed with a code-only output, after the queue's retries", async () => {
    const id = await queue.send(QUEUE, { fileId: "f1" });
    expect(id).not.toBeNull();
    let job = await stateOf(id ?? "");
    for (let i = 0; i < 300 && job?.state !== "failed"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await stateOf(id ?? "");
    }
    expect(job?.state).toBe("failed");
    // retryLimit 2: the first attempt and two retries.
    expect(attempts).toEqual([0, 1, 2]);
    const output = JSON.stringify(job?.output);
    expect(output).toContain("job failed: 22021");
    expect(output).not.toContain("harbour");
    expect(output).not.toContain("\\u0000");
    expect(output).not.toContain("select");
    // Logged once per attempt, with the job's name and id and the SQLSTATE, never the text.
    const failures = logs.filter((l) => l.includes('"job failed"'));
    expect(failures).toHaveLength(3);
    expect(failures[0]).toContain(`"jobId":"${id}"`);
    expect(failures[0]).toContain('"code":"22021"');
    expect(logs.join("")).not.toContain("harbour");
    expect(logs.join("")).not.toContain("\\u0000");
  });
});
