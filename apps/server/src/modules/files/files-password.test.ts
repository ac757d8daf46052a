import { FILE_PASSWORD_REQUIRED_MESSAGE } from "@nexus/contracts";
import { listTables, schema } from "@nexus/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fixture } from "../../../test/documents/fixtures.ts";
import { type SseEvent, untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { PASSWORD_MESSAGE, WRONG_PASSWORD_MESSAGE } from "../../integrations/document-text/pdf.ts";
import { deleteEndedJobsWithKey } from "../../jobs/queue.ts";
import { INGEST_QUEUE, PASSWORD_KEY } from "./files.ingest.ts";

/**
 * A password-protected PDF (issue6010_1.pdf, AES-256, password "abc" per the corpus MANIFEST):
 * it fails as password-protected, the owner retries it with a password (wrong, then right), and
 * the password is kept nowhere once the job has ended.
 */

const ENCRYPTED = "issue6010_1.pdf";
const RIGHT = "abc";
/** A wrong password distinctive enough to be searched for in every table and in the logs. */
const WRONG = "wrong-Pa55word-7f3qZ";

interface FileBody {
  id: string;
  status: string;
  error: string | null;
  needsPassword: boolean;
  pages: number | null;
}

let h: Harness;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
  alice = await h.signIn("alice-password@acme.com");
  bob = await h.signIn("bob-password@acme.com");
});
afterAll(async () => {
  await h.close();
});

async function addFilesCount(userId: string): Promise<number> {
  const rows = await h.db.db
    .select({ n: schema.usageCounters.addFiles })
    .from(schema.usageCounters)
    .where(eq(schema.usageCounters.subjectId, userId));
  return rows[0]?.n ?? 0;
}

async function uploadDone(cookie: string, name: string) {
  const res = await upload(h, cookie, name, fixture(name), "application/octet-stream");
  expect(res.status).toBe(201);
  const file = (await res.json()) as FileBody;
  return { file, events: await untilDone(h, cookie, file.id) };
}

async function getFile(cookie: string, id: string): Promise<FileBody> {
  const res = await h.request(`/api/files/${id}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as FileBody;
}

function sendPassword(cookie: string | undefined, id: string, body: unknown) {
  return h.request(`/api/files/${id}/password`, {
    method: "POST",
    ...(cookie ? { cookie } : {}),
    body,
  });
}

const types = (events: SseEvent[]) => events.map((e) => e.data.type);

/** Ingestion jobs (live or archived) whose data still holds a password. */
async function jobsHoldingPassword(): Promise<number> {
  const result = await h.db.db.execute<{ n: number }>(sql`
    select ((select count(*) from pgboss.job where name = ${INGEST_QUEUE} and data ? ${PASSWORD_KEY})
          + (select count(*) from pgboss.archive where name = ${INGEST_QUEUE} and data ? ${PASSWORD_KEY}))::int as n
  `);
  return result.rows[0]?.n ?? -1;
}

/** Rows of every table of ours, and of pg-boss's, whose text holds `needle`. */
async function rowsHolding(needle: string): Promise<string[]> {
  const found: string[] = [];
  const tables = [
    ...(await listTables(h.db.db)).map((t) => `public."${t}"`),
    "pgboss.job",
    "pgboss.archive",
  ];
  for (const table of tables) {
    const result = await h.db.db.execute<{ n: number }>(
      sql.raw(
        `select count(*)::int as n from ${table} t where position('${needle}' in t::text) > 0`,
      ),
    );
    if ((result.rows[0]?.n ?? 0) > 0) found.push(table);
  }
  return found;
}

describe("a password-protected PDF", () => {
  let fileId = "";

  it("fails as password-protected, asking for the password, charged once", async () => {
    const before = await addFilesCount(alice.userId);
    const { file, events } = await uploadDone(alice.cookie, ENCRYPTED);
    fileId = file.id;
    expect(file.needsPassword).toBe(false);
    expect(types(events)).toEqual(["uploaded", "parsing", "failed"]);
    expect(events.at(-1)?.data.message).toBe(PASSWORD_MESSAGE);
    expect(await getFile(alice.cookie, fileId)).toMatchObject({
      status: "failed",
      error: "This PDF is password-protected",
      needsPassword: true,
    });
    expect(await addFilesCount(alice.userId)).toBe(before + 1);
  });

  it("another person, an anonymous visitor and bad requests change nothing", async () => {
    const bobs = await sendPassword(bob.cookie, fileId, { password: RIGHT });
    expect(bobs.status).toBe(404);
    const missing = await sendPassword(alice.cookie, "00000000-0000-4000-8000-000000000000", {
      password: RIGHT,
    });
    expect(missing.status).toBe(404);
    // The foreign file and a missing one answer alike.
    expect(await bobs.json()).toEqual(await missing.json());
    expect((await sendPassword(undefined, fileId, { password: RIGHT })).status).toBe(401);
    const anon = await sendPassword(undefined, fileId, { password: RIGHT });
    expect(anon.status).toBe(401);
    expect((await sendPassword(alice.cookie, "not-a-uuid", { password: RIGHT })).status).toBe(404);

    const empty = await sendPassword(alice.cookie, fileId, { password: "" });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toBe(
      FILE_PASSWORD_REQUIRED_MESSAGE,
    );
    expect((await sendPassword(alice.cookie, fileId, {})).status).toBe(400);
    expect((await sendPassword(alice.cookie, fileId, { password: 42 })).status).toBe(400);
    expect((await sendPassword(alice.cookie, fileId, { password: "x".repeat(1025) })).status).toBe(
      400,
    );
    const notJson = await h.request(`/api/files/${fileId}/password`, {
      method: "POST",
      cookie: alice.cookie,
      body: "password=abc",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(415);
    expect(await getFile(alice.cookie, fileId)).toMatchObject({
      status: "failed",
      error: PASSWORD_MESSAGE,
      needsPassword: true,
    });
    expect(await jobsHoldingPassword()).toBe(0);
  });

  it("a wrong password says so, and the person can try again", async () => {
    const before = await addFilesCount(alice.userId);
    const res = await sendPassword(alice.cookie, fileId, { password: WRONG });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ status: "queued", needsPassword: false, error: null });
    // A new run: its events start again at 1, and no earlier `failed` ends the stream early.
    const events = await untilDone(h, alice.cookie, fileId);
    expect(events.map((e) => [e.id, e.data.type])).toEqual([
      ["1", "parsing"],
      ["2", "failed"],
    ]);
    expect(events.at(-1)?.data.message).toBe(WRONG_PASSWORD_MESSAGE);
    expect(await getFile(alice.cookie, fileId)).toMatchObject({
      status: "failed",
      error: "That password is not right for this PDF",
      needsPassword: true,
    });
    expect(await addFilesCount(alice.userId)).toBe(before);
    // The job is deleted as it ends: the password is in no table (ours or pg-boss's), no log.
    await vi.waitFor(async () => expect(await jobsHoldingPassword()).toBe(0), { timeout: 10_000 });
    expect(await rowsHolding(WRONG)).toEqual([]);
    expect(h.logs.join("\n")).not.toContain(WRONG);
  });

  it("the right password reads it to ready, without charging addFiles again", async () => {
    const before = await addFilesCount(alice.userId);
    const res = await sendPassword(alice.cookie, fileId, { password: RIGHT });
    expect(res.status).toBe(202);
    const events = await untilDone(h, alice.cookie, fileId);
    expect(types(events)).toEqual(["parsing", "indexing", "ready"]);
    expect(await getFile(alice.cookie, fileId)).toMatchObject({
      status: "ready",
      error: null,
      needsPassword: false,
      pages: 1,
    });
    const chunks = await h.db.db
      .select({ content: schema.fileChunks.content })
      .from(schema.fileChunks)
      .where(eq(schema.fileChunks.fileId, fileId));
    expect(chunks.map((c) => c.content).join(" ")).toContain("Issue 6010");
    expect(await addFilesCount(alice.userId)).toBe(before);
    await vi.waitFor(async () => expect(await jobsHoldingPassword()).toBe(0), { timeout: 10_000 });
    const [row] = await h.db.db.select().from(schema.files).where(eq(schema.files.id, fileId));
    expect(row?.errorCode).toBeNull();
    // Ready now: no password is asked for any more.
    const again = await sendPassword(alice.cookie, fileId, { password: RIGHT });
    expect(again.status).toBe(409);
  });

  it("two passwords sent at once queue one attempt", async () => {
    // Someone who has not uploaded this PDF yet (the same bytes again would reuse alice's file).
    const carol = await h.signIn("carol-password@acme.com");
    const { file } = await uploadDone(carol.cookie, ENCRYPTED);
    const answers = await Promise.all([
      sendPassword(carol.cookie, file.id, { password: RIGHT }),
      sendPassword(carol.cookie, file.id, { password: RIGHT }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([202, 409]);
    expect(types(await untilDone(h, carol.cookie, file.id)).at(-1)).toBe("ready");
  });

  it("only a PDF that asked for one takes a password: not a damaged PDF, not a protected DOCX", async () => {
    for (const name of ["REDHAT-1531897-0.pdf", "testWORD_protected_passtika.docx"]) {
      const { file, events } = await uploadDone(alice.cookie, name);
      expect(types(events).at(-1)).toBe("failed");
      expect((await getFile(alice.cookie, file.id)).needsPassword).toBe(false);
      const res = await sendPassword(alice.cookie, file.id, { password: "tika" });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "This file is not waiting for a password.",
      );
    }
  });
});

describe("a password left in an ended job", () => {
  it("is deleted by the sweep the job runtime runs as it starts (an instance died on the last attempt)", async () => {
    const inserted = await h.db.db.execute<{ id: string; state: string }>(sql`
      insert into pgboss.job (name, data, state) values
        (${INGEST_QUEUE}, ${JSON.stringify({ fileId: "f1", password: WRONG })}::jsonb, 'failed'),
        (${INGEST_QUEUE}, ${JSON.stringify({ fileId: "f2" })}::jsonb, 'failed'),
        (${INGEST_QUEUE}, ${JSON.stringify({ fileId: "f3", password: WRONG })}::jsonb, 'active')
      returning id, state
    `);
    expect(inserted.rows).toHaveLength(3);
    expect(await deleteEndedJobsWithKey(h.db.db, INGEST_QUEUE, PASSWORD_KEY)).toBe(1);
    const left = await h.db.db.execute<{ state: string; has: boolean }>(sql`
      select state, data ? ${PASSWORD_KEY} as has from pgboss.job
      where id in (${sql.join(
        inserted.rows.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      )})
      order by state
    `);
    // The running one keeps its password (it is still this job's), the other ended one stays.
    expect(left.rows).toEqual([
      { state: "active", has: true },
      { state: "failed", has: false },
    ]);
    await h.db.db.execute(sql`delete from pgboss.job where data->>'fileId' in ('f1', 'f2', 'f3')`);
  });
});
