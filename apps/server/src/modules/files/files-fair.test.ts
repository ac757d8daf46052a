import { schema } from "@nexus/db";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { scannedPdf } from "../../../test/hostile/scanned-pdf.ts";
import { TIMEOUT_MESSAGE } from "../../integrations/document-text/parse-process.ts";

/**
 * Ingestion is fair and costs the uploader (issue 23, point 3): a 2,000-page scan ends on the OCR
 * cap, not the time-out; a time-out is the file's own failure (charged); one person's backlog
 * takes one ingestion slot while another person's file goes through. No timing assertions: the
 * order of the files' events and statuses.
 */

const PDF = "application/pdf";

async function addFilesCount(h: Harness, userId: string): Promise<number> {
  const rows = await h.db.db
    .select({ n: schema.usageCounters.addFiles })
    .from(schema.usageCounters)
    .where(eq(schema.usageCounters.subjectId, userId));
  return rows[0]?.n ?? 0;
}

/** The same PDF with a comment after its end: other bytes, so not reused as the same file. */
function distinctCopy(pdf: Uint8Array, copy: number): Uint8Array {
  return Buffer.concat([pdf, Buffer.from(`\n% copy ${copy}\n`)]);
}

async function uploaded(h: Harness, cookie: string, name: string, bytes: Uint8Array | string) {
  const res = await upload(h, cookie, name, bytes, typeof bytes === "string" ? "text/plain" : PDF);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function withHarness(
  env: Record<string, string>,
  jobs: { workers?: boolean },
  run: (h: Harness) => Promise<void>,
): Promise<void> {
  const h = await createHarness(env, { jobs });
  try {
    await run(h);
  } finally {
    await h.close();
  }
}

describe("fair ingestion", () => {
  it("a 2,000-page scanned PDF ends ready on the OCR cap with a warning saying what was read, and is charged", async () => {
    await withHarness({ OCR_MAX_PAGES: "1" }, {}, async (h) => {
      const mallory = await h.signIn("mallory-scan@acme.com");
      const id = await uploaded(h, mallory.cookie, "scan.pdf", scannedPdf());
      const events = await untilDone(h, mallory.cookie, id);
      expect(events.at(-1)?.data).toMatchObject({ type: "ready" });
      expect(events.filter((e) => e.data.type === "ocr")).toHaveLength(1);
      const res = await h.request(`/api/files/${id}`, { cookie: mallory.cookie });
      const file = (await res.json()) as { status: string; pages: number; warnings: string[] };
      expect(file).toMatchObject({ status: "ready", pages: 2_000 });
      expect(file.warnings).toContain(
        "Scanned pages were read with OCR: 1 of 2,000; the others were not read",
      );
      expect(await addFilesCount(h, mallory.userId)).toBe(1);
    });
  }, 180_000);

  it("a file that times out fails as its own failure: the upload stays counted", async () => {
    await withHarness({ FILE_PARSE_TIMEOUT_SECONDS: "1" }, {}, async (h) => {
      const mallory = await h.signIn("mallory-slow@acme.com");
      const id = await uploaded(h, mallory.cookie, "slow.pdf", scannedPdf());
      const events = await untilDone(h, mallory.cookie, id);
      expect(events.at(-1)?.data).toMatchObject({
        type: "failed",
        message: TIMEOUT_MESSAGE,
      });
      const [row] = await h.db.db
        .select({ errorCause: schema.files.errorCause, errorCode: schema.files.errorCode })
        .from(schema.files)
        .where(eq(schema.files.id, id));
      expect(row).toEqual({ errorCause: "user", errorCode: "timeout" });
      expect(await addFilesCount(h, mallory.userId)).toBe(1);
    });
  }, 120_000);

  it("one person's backlog holds one slot: another person's file is ready before it is through", async () => {
    await withHarness(
      { INGEST_CONCURRENCY: "2", OCR_MAX_PAGES: "1" },
      { workers: false },
      async (h) => {
        const a = await h.signIn("alice-backlog@acme.com");
        const b = await h.signIn("bob-small@acme.com");
        const aIds: string[] = [];
        for (let i = 1; i <= 3; i++)
          aIds.push(await uploaded(h, a.cookie, `scan-${i}.pdf`, distinctCopy(scannedPdf(3), i)));
        // B's file comes last: without fairness it would be fetched after all of A's.
        const bId = await uploaded(h, b.cookie, "note.txt", "A short note about tides.");
        await h.jobs?.startWorkers();
        const bEvents = await untilDone(h, b.cookie, bId);
        expect(bEvents.at(-1)?.data).toMatchObject({ type: "ready" });
        for (const id of aIds)
          expect((await untilDone(h, a.cookie, id)).at(-1)?.data).toMatchObject({ type: "ready" });

        // Every file's run events, in the order the database wrote them.
        const rows = await h.db.db
          .select({
            fileId: schema.files.id,
            type: schema.runEvents.type,
            at: schema.runEvents.createdAt,
          })
          .from(schema.runEvents)
          .innerJoin(schema.files, eq(schema.files.runId, schema.runEvents.runId))
          .where(
            and(
              inArray(schema.files.id, [...aIds, bId]),
              inArray(schema.runEvents.type, ["parsing", "ready", "failed"]),
            ),
          );
        const at = (fileId: string, type: string) => {
          const times = rows
            .filter((r) => r.fileId === fileId && r.type === type)
            .map((r) => r.at.getTime());
          expect(times).toHaveLength(1);
          return times[0] ?? Number.NaN;
        };
        // B was ready before A's last file started: A's backlog did not hold both slots.
        const bReady = at(bId, "ready");
        expect(aIds.some((id) => at(id, "parsing") > bReady)).toBe(true);
        // A never had two files being read at once: each started after the one before ended.
        const spans = aIds
          .map((id) => ({ start: at(id, "parsing"), end: at(id, "ready") }))
          .sort((x, y) => x.start - y.start);
        for (let i = 1; i < spans.length; i++) {
          const previous = spans[i - 1];
          const current = spans[i];
          if (!previous || !current) throw new Error("spans missing");
          expect(current.start).toBeGreaterThanOrEqual(previous.end);
        }
      },
    );
  }, 240_000);
});
