import { schema } from "@nexus/db";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { Deps } from "../../deps.ts";
import { ingestFile } from "./files.ingest.ts";

/**
 * Two attempts at one file's ingestion can overlap: a job retried after a crash beside the copy it
 * had deferred (files.fair.ts) both claim the same file. Whichever ends first makes the file ready;
 * the other must then change nothing — not move it back to "indexing", save its chunks again, or
 * announce it ready a second time. The job handlers are not started: the test runs the two
 * attempts itself, the slower one held (its stored bytes read late) until the first has ended.
 */

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { jobs: { workers: false } });
});
afterAll(async () => {
  await h.close();
});

const NOTES =
  "# Ferry log\n\nThe morning ferry left at seven and the tide was high. The harbour master wrote it down.";

/** deps whose stored bytes are read only once `until` has settled. */
function heldUntil(until: Promise<unknown>): Deps {
  const storage = h.deps.storage;
  const held: Deps["storage"] = Object.assign(Object.create(storage) as Deps["storage"], {
    getBytes: async (key: string) => {
      await until.catch(() => undefined);
      return storage.getBytes(key);
    },
  });
  return { ...h.deps, storage: held };
}

const job = (fileId: string) => ({ data: { fileId }, retryCount: 0, retryLimit: 2 });

describe("overlapping attempts at one file's ingestion", () => {
  it("the slower attempt leaves a file the other made ready as it is: one 'ready', its chunks once", async () => {
    const alice = await h.signIn("alice-race@acme.com");
    const res = await upload(h, alice.cookie, "ferry.md", NOTES);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };

    let releaseSlow: () => void = () => undefined;
    const firstEnded = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    // The slow attempt claims the file and waits for its bytes; the fast one runs to the end.
    const slow = ingestFile(heldUntil(firstEnded), job(id));
    const fast = ingestFile(h.deps, job(id)).finally(releaseSlow);
    await Promise.all([fast, slow]);

    const [file] = await h.db.db
      .select({ status: schema.files.status, runId: schema.files.runId })
      .from(schema.files)
      .where(eq(schema.files.id, id));
    expect(file?.status).toBe("ready");
    const events = await h.db.db
      .select({ type: schema.runEvents.type })
      .from(schema.runEvents)
      .where(eq(schema.runEvents.runId, file?.runId ?? ""))
      .orderBy(asc(schema.runEvents.seq));
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === "ready")).toHaveLength(1);
    expect(types.at(-1)).toBe("ready");
    const chunks = await h.db.db
      .select({ ordinal: schema.fileChunks.ordinal })
      .from(schema.fileChunks)
      .where(eq(schema.fileChunks.fileId, id));
    expect(chunks.length).toBeGreaterThan(0);
    expect(new Set(chunks.map((c) => c.ordinal)).size).toBe(chunks.length);
  });
});
