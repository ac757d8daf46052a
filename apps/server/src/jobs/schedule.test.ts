import { schema } from "@nexus/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { HOUSEKEEPING_JOB, HOUSEKEEPING_QUEUE } from "../jobs.ts";
import { type JobRuntime, startJobRuntime } from "./runtime.ts";

/**
 * Housekeeping is a pg-boss schedule, not a timer in each process: with two instances on one
 * database, each cron tick becomes one job, run by one of them. (The test's cron is every minute;
 * the server's is hourly.)
 */
const EVERY_MINUTE = { ...HOUSEKEEPING_JOB, cron: "* * * * *" };

let h: Harness;
let second: JobRuntime;

beforeAll(async () => {
  h = await createHarness(
    {},
    { jobs: { definitions: [EVERY_MINUTE], cronMonitorIntervalSeconds: 1 } },
  );
  second = await startJobRuntime({
    deps: { ...h.deps },
    url: h.db.url,
    definitions: [EVERY_MINUTE],
    pollingIntervalSeconds: 0.5,
    cronMonitorIntervalSeconds: 1,
  });
});
afterAll(async () => {
  await second?.stop(2_000);
  await h.close();
});

describe("housekeeping as a schedule", () => {
  it("runs on its cron once per tick across two instances and deletes what has expired", {
    timeout: 120_000,
  }, async () => {
    const past = new Date(h.clock.now().getTime() - 3_600_000);
    await h.db.db.insert(schema.rateLimits).values({
      bucket: "leads",
      key: "198.51.100.1",
      windowStart: new Date(past.getTime() - 3_600_000),
      expiresAt: past,
      count: 3,
    });
    const left = async () => (await h.db.db.select().from(schema.rateLimits)).length;
    const deadline = Date.now() + 100_000;
    while ((await left()) > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await left()).toBe(0);

    const schedules = await h.db.db.execute<{ name: string; cron: string }>(
      sql`select name, cron from pgboss.schedule`,
    );
    expect(schedules.rows).toEqual([{ name: HOUSEKEEPING_QUEUE, cron: "* * * * *" }]);
    // One housekeeping job per minute the cron fired in, though both instances watch it.
    // (A tick being handed on as this reads is counted in `ticks` and maybe not yet in `done`.)
    const counts = await h.db.db.execute<{ jobs: number; ticks: number; done: number }>(sql`
      select
        (select count(*)::int from pgboss.job where name = ${HOUSEKEEPING_QUEUE}) as jobs,
        (select count(distinct singleton_on)::int from pgboss.job
          where name = '__pgboss__send-it' and singleton_key = ${HOUSEKEEPING_QUEUE}) as ticks,
        (select count(distinct singleton_on)::int from pgboss.job
          where name = '__pgboss__send-it' and singleton_key = ${HOUSEKEEPING_QUEUE}
            and state = 'completed') as done`);
    const row = counts.rows[0];
    expect(row?.done).toBeGreaterThan(0);
    expect(row?.jobs).toBeGreaterThanOrEqual(row?.done ?? 0);
    expect(row?.jobs).toBeLessThanOrEqual(row?.ticks ?? 0);
  });
});
