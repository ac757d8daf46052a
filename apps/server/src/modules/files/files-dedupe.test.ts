import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";

let h: Harness;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
  alice = await h.signIn("alice-dedupe@acme.com");
  bob = await h.signIn("bob-dedupe@acme.com");
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

async function filesOf(userId: string) {
  return h.db.db.select().from(schema.files).where(eq(schema.files.userId, userId));
}

interface Uploaded {
  id: string;
  name: string;
  alreadyInFiles: boolean;
}

describe("the same bytes are never uploaded twice by one person", () => {
  it("a second upload of the same bytes returns the first file: no new row, object or count", async () => {
    const text = "Harbour log, week one: the north light was relit on Tuesday.\n";
    const first = await upload(h, alice.cookie, "log.txt", text);
    expect(first.status).toBe(201);
    const original = (await first.json()) as Uploaded;
    expect(original.alreadyInFiles).toBe(false);
    const count = await addFilesCount(alice.userId);

    const again = await upload(h, alice.cookie, "log copy.txt", text);
    expect(again.status).toBe(200);
    const reused = (await again.json()) as Uploaded;
    expect(reused).toMatchObject({ id: original.id, name: "log.txt", alreadyInFiles: true });
    expect((await filesOf(alice.userId)).map((row) => row.id)).toEqual([original.id]);
    expect(await addFilesCount(alice.userId)).toBe(count);
    expect(await h.deps.storage.list(`u/${alice.userId}`)).toHaveLength(1);

    // Other bytes are a new file; another person's same bytes are their own file.
    const other = await upload(h, alice.cookie, "log.txt", `${text}Week two: calm.\n`);
    expect(other.status).toBe(201);
    const bobs = await upload(h, bob.cookie, "log.txt", text);
    expect(bobs.status).toBe(201);
    expect(((await bobs.json()) as Uploaded).id).not.toBe(original.id);
  });

  it("five parallel uploads of the same bytes yield one row and one count", async () => {
    const text = "Tide table for the spring equinox, copied from the harbour master's book.\n";
    const before = await addFilesCount(bob.userId);
    const rowsBefore = (await filesOf(bob.userId)).length;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => upload(h, bob.cookie, "tides.txt", text)),
    );
    const statuses = responses.map((res) => res.status).sort();
    // On a failure, the server's error log says why (it happened under CI's load only).
    const errors = h.logs.filter((line) => line.includes('"level":50')).join("\n");
    expect(statuses, errors).toEqual([200, 200, 200, 200, 201]);
    const bodies = (await Promise.all(responses.map((res) => res.json()))) as Uploaded[];
    expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
    expect((await filesOf(bob.userId)).length).toBe(rowsBefore + 1);
    expect(await addFilesCount(bob.userId)).toBe(before + 1);
    expect(await h.deps.storage.list(`u/${bob.userId}`)).toHaveLength(rowsBefore + 1);
  });

  it("a file kept from before the hash (content_sha256 null) is recognised when attached again", async () => {
    const carol = await h.signIn("carol-dedupe@acme.com");
    const text = "Tide table for March: high water at 06:12 and 18:40.\n";
    // Same size, other bytes: a legacy file that must not be taken for it.
    const lookalike = "Tide table for April: high water at 07:12 and 19:40.\n";
    expect(lookalike.length).toBe(text.length);
    const old = (await (await upload(h, carol.cookie, "tides.txt", text)).json()) as Uploaded;
    const other = (await (
      await upload(h, carol.cookie, "april.txt", lookalike)
    ).json()) as Uploaded;
    // Both were added before migration 0019 kept a hash.
    await h.db.db
      .update(schema.files)
      .set({ contentSha256: null })
      .where(eq(schema.files.userId, carol.userId));
    const count = await addFilesCount(carol.userId);

    const again = await upload(h, carol.cookie, "tides (1).txt", text);
    expect(again.status).toBe(200);
    expect((await again.json()) as Uploaded).toMatchObject({ id: old.id, alreadyInFiles: true });
    const rows = await filesOf(carol.userId);
    expect(rows.map((row) => row.id).sort()).toEqual([old.id, other.id].sort());
    expect(await addFilesCount(carol.userId)).toBe(count);
    expect(await h.deps.storage.list(`u/${carol.userId}`)).toHaveLength(2);
    // The hash is kept once read: the next upload finds it directly.
    expect(rows.find((row) => row.id === old.id)?.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    const third = await upload(h, carol.cookie, "april copy.txt", lookalike);
    expect(third.status).toBe(200);
    expect(((await third.json()) as Uploaded).id).toBe(other.id);
  });
});
