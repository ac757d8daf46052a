import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { everyTable, rowsMentioning } from "../../../test/support/rows-mentioning.ts";
import { indexKnowledgeBase } from "../../integrations/search/knowledge-index.ts";
import { ended, startResearch } from "../research/research-test-kit.ts";

/**
 * G12 with the job queue: a person who ran deep research deletes their account; afterwards no
 * row of any table in any schema (pg-boss's included) mentions their id or e-mail. Job payloads
 * carry ids only, and the deletion removes the person's jobs, pending and ended.
 */
let h: Harness;
const EMAIL = "researcher-leaving@acme.com";

beforeAll(async () => {
  h = await createHarness({}, { jobs: { workers: false } });
  await indexKnowledgeBase({ db: h.db.db });
});
afterAll(async () => h.close());

async function jobRowsOfRun(runId: string): Promise<number> {
  let n = 0;
  for (const table of ["job", "archive"]) {
    const rows = await h.db.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier("pgboss")}.${sql.identifier(table)}
          where data->>'runId' = ${runId}`,
    );
    n += rows.rows[0]?.n ?? 0;
  }
  return n;
}

describe("account deletion after deep research (G12, every schema)", () => {
  it("the queue's tables hold ids only, and nothing of the person once they are deleted", async () => {
    const { cookie, userId } = await h.signIn(EMAIL);
    const done = await startResearch(h, cookie, {
      question: "How do I share a thread and what does the reader see?",
      depth: "quick",
    });
    await h.jobs?.startWorkers();
    const item = await ended(h, cookie, done.threadId);
    expect(item.status, item.error ?? "").toBe("succeeded");
    // One more, pending or running when the account goes.
    const pending = await startResearch(h, cookie, { question: "What does Nexus keep?" });

    // The scan sees pg-boss's schema, and the finished research left its step jobs there.
    const schemas = new Set((await everyTable(h.db.db)).map((t) => t.schema));
    expect(schemas).toContain("pgboss");
    expect(await jobRowsOfRun(done.runId)).toBeGreaterThan(0);
    // Ids only: no job row carries the person's e-mail or name (before any deletion).
    const queueTables = Object.keys(await rowsMentioning(h.db.db, [EMAIL, "researcher-leaving"]));
    expect(queueTables.filter((t) => t.startsWith("pgboss."))).toEqual([]);

    const res = await h.request(`/api/users/${userId}`, { method: "DELETE", cookie });
    expect(res.status).toBe(204);

    expect(await rowsMentioning(h.db.db, [userId, EMAIL])).toEqual({});
    expect(await jobRowsOfRun(done.runId)).toBe(0);
    // The finished research's jobs went with it. (The pending one's step, if it was running,
    // may still send its next job: ids of a run that no longer exists, which its handler drops.)
    expect(await rowsMentioning(h.db.db, [done.runId, done.threadId])).toEqual({});
    expect(pending.runId).not.toBe(done.runId);
  });
});
