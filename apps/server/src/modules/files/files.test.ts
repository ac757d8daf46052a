import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { EMPTY_MESSAGE } from "../../integrations/document-text/limits.ts";
import { parseDocument } from "../../integrations/document-text/parse.ts";

let h: Harness;
let alice: { cookie: string; userId: string };
let _bob: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness({ FILE_MAX_MB: "1" }, { jobs: true });
  alice = await h.signIn("alice-files@acme.com");
  _bob = await h.signIn("bob-files@acme.com");
});
afterAll(async () => {
  await h.close();
});

const NOTES = `# Field notes

These notes were written over one summer on the coast. They cover the lights that guide ships into harbour and the water that moves beneath them, twice a day, every day of the year. Each entry was checked against the harbour master's log before it was copied out.

## Lighthouses

The Fresnel lens was invented by Augustin-Jean Fresnel in 1822. It lets a lighthouse be seen from more than twenty miles away.

## Tides

Spring tides happen near the new and full moon, when the sun and moon pull in line.`;

async function uploadReady(cookie: string, name: string, content: string) {
  const res = await upload(h, cookie, name, content);
  expect(res.status).toBe(201);
  const file = (await res.json()) as { id: string; status: string; kind: string };
  const events = await untilDone(h, cookie, file.id);
  return { file, events };
}

/**
 * The file each stored object belongs to (a file, or its office view `<key>-view`), once each:
 * equal to the rows' keys when nothing is stored that no row accounts for.
 */
function ownersOf(keys: readonly string[]): string[] {
  return [...new Set(keys.map((k) => k.replace(/-view$/, "")))].sort();
}

async function addFilesCount(userId: string): Promise<number> {
  const rows = await h.db.db
    .select({ n: schema.usageCounters.addFiles })
    .from(schema.usageCounters)
    .where(eq(schema.usageCounters.subjectId, userId));
  return rows[0]?.n ?? 0;
}

describe("upload and ingestion", () => {
  it("stores a Markdown file under a generated name, ingests it to ready and charges addFiles once", async () => {
    const before = await addFilesCount(alice.userId);
    const { file, events } = await uploadReady(alice.cookie, "../../etc/notes.md", NOTES);
    expect(file.kind).toBe("markdown");
    expect(events.map((e) => e.data.type)).toEqual(["uploaded", "parsing", "indexing", "ready"]);
    expect(events.map((e) => e.id)).toEqual(["1", "2", "3", "4"]);
    expect(await addFilesCount(alice.userId)).toBe(before + 1);
    const got = (await (
      await h.request(`/api/files/${file.id}`, { cookie: alice.cookie })
    ).json()) as {
      name: string;
      status: string;
      pages: number;
    };
    expect(got).toMatchObject({ name: "notes.md", status: "ready", pages: 1 });
    const [row] = await h.db.db.select().from(schema.files).where(eq(schema.files.id, file.id));
    expect(row?.storageKey).toMatch(new RegExp(`^u/${alice.userId}/[A-Za-z0-9_-]{24}$`));
    const chunks = await h.db.db
      .select()
      .from(schema.fileChunks)
      .where(eq(schema.fileChunks.fileId, file.id))
      .orderBy(schema.fileChunks.ordinal);
    expect(chunks.length).toBeGreaterThan(0);
    const lens = chunks.find((c) => c.content.includes("Fresnel lens"));
    expect(lens?.headingPath).toBe("Field notes › Lighthouses");
    // The chunk's range is a range of the parsed page's text (what the viewer marks).
    const parsed = await parseDocument({
      kind: "markdown",
      bytes: new TextEncoder().encode(NOTES),
      limits: { maxPages: 10, maxChars: 100_000, maxExpandedBytes: 1_000_000 },
    });
    expect(parsed.pages[0]?.text.slice(lens?.charStart, lens?.charEnd)).toBe(lens?.content);
  });

  it("decides the type from the bytes: a PNG named .txt is refused with 415 and nothing is kept or charged", async () => {
    const before = await addFilesCount(alice.userId);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const res = await upload(h, alice.cookie, "notes.txt", png, "text/plain");
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /not supported/,
    );
    expect(await addFilesCount(alice.userId)).toBe(before);
    const stored = await h.deps.storage.list(`u/${alice.userId}`);
    const rows = await h.db.db
      .select()
      .from(schema.files)
      .where(eq(schema.files.userId, alice.userId));
    expect(ownersOf(stored)).toEqual(rows.map((r) => r.storageKey).sort());
  });

  it("reads a CSV declared as an image as CSV (the declared type is not trusted)", async () => {
    const { file, events } = await uploadReady(
      alice.cookie,
      "prices.csv",
      "item,price\nkelp,3\ncod,9\n",
    );
    expect(file.kind).toBe("csv");
    expect(events.at(-1)?.data.type).toBe("ready");
  });

  it("answers 413 over FILE_MAX_MB, streamed (no Content-Length), and leaves no object or row", async () => {
    const before = await addFilesCount(alice.userId);
    const big = new Uint8Array(1024 * 1024 + 10).fill(0x61);
    const form = new FormData();
    form.append("file", new Blob([big]), "big.txt");
    const encoded = new Response(form);
    const type = encoded.headers.get("content-type") ?? "";
    const res = await h.app.request("http://nexus.test/api/files", {
      method: "POST",
      headers: { cookie: alice.cookie, "content-type": type },
      body: encoded.body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "Files can be at most 1 MB.",
    );
    expect(await addFilesCount(alice.userId)).toBe(before);
    const stored = await h.deps.storage.list(`u/${alice.userId}`);
    const rows = await h.db.db
      .select()
      .from(schema.files)
      .where(eq(schema.files.userId, alice.userId));
    expect(ownersOf(stored)).toEqual(rows.map((r) => r.storageKey).sort());
  });

  it("refuses a body that is not multipart and an upload without a file", async () => {
    const res = await h.request("/api/files", {
      method: "POST",
      cookie: alice.cookie,
      body: { a: 1 },
    });
    expect(res.status).toBe(415);
    const empty = new FormData();
    empty.append("note", "no file");
    const none = await h.app.request("http://nexus.test/api/files", {
      method: "POST",
      headers: { cookie: alice.cookie },
      body: empty,
    });
    expect(none.status).toBe(400);
  });

  it("fails an empty-text file with the parser's reason and does not refund it (the file's own fault)", async () => {
    const before = await addFilesCount(alice.userId);
    const res = await upload(h, alice.cookie, "blank.txt", "   \n\n  ");
    expect(res.status).toBe(201);
    const file = (await res.json()) as { id: string };
    const events = await untilDone(h, alice.cookie, file.id);
    expect(events.at(-1)?.data).toMatchObject({
      type: "failed",
      message: EMPTY_MESSAGE,
    });
    expect(await addFilesCount(alice.userId)).toBe(before + 1);
  });

  it("refunds addFiles when ingestion fails for a reason that is not the file (its stored object is gone)", async () => {
    const paused = await createHarness({}, { jobs: { workers: false, retryLimit: 0 } });
    try {
      const carol = await paused.signIn("carol-files@acme.com");
      const counted = async () =>
        (
          await paused.db.db
            .select({ n: schema.usageCounters.addFiles })
            .from(schema.usageCounters)
            .where(eq(schema.usageCounters.subjectId, carol.userId))
        )[0]?.n;
      const res = await upload(paused, carol.cookie, "lost.txt", "Some text.");
      const file = (await res.json()) as { id: string };
      expect(await counted()).toBe(1);
      await paused.deps.storage.delete(await paused.deps.storage.list(`u/${carol.userId}`));
      await paused.jobs?.startWorkers();
      const events = await untilDone(paused, carol.cookie, file.id);
      expect(events.at(-1)?.data).toMatchObject({
        type: "failed",
        message: "Something went wrong while reading this file. Try adding it again.",
      });
      expect(await counted()).toBe(0);
    } finally {
      await paused.close();
    }
  });

  it("needs an account to upload", async () => {
    const res = await upload(h, undefined, "notes.md", NOTES);
    expect(res.status).toBe(401);
  });
});
