import type { HistoryPage } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { insertResearch } from "../research/research.repo.ts";
import { createRun } from "../runs/runs.service.ts";
import { seedEntries } from "./history-test-kit.ts";

/**
 * History's pages list a research whose run goes on or failed (it has no saved turn yet) with its
 * state, in the page its latest activity falls in — also past the first page — and exactly once.
 */
let h: Harness;
let owner: { cookie: string; userId: string };
const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1) + minutes * 60_000);

async function research(threadId: string, minutes: number, status: "running" | "failed") {
  const run = await createRun(h.deps.db, {
    userId: owner.userId,
    kind: "research",
    subjectId: threadId,
    status,
  });
  // A failed run ended at its start here (its latest activity).
  if (status === "failed")
    await h.db.db
      .update(schema.runs)
      .set({ endedAt: at(minutes) })
      .where(eq(schema.runs.id, run.id));
  await insertResearch(h.deps.db, {
    threadId,
    userId: owner.userId,
    runId: run.id,
    question: `Research ${threadId}?`,
    depth: "quick",
    sources: "both",
    createdAt: at(minutes),
  });
}

beforeAll(async () => {
  h = await createHarness();
  owner = await h.signIn("history-in-progress@acme.com");
  // 25 answered threads, one a minute (minutes 100–124): page 1 has the 20 newest (105–124).
  await seedEntries(
    h,
    Array.from({ length: 25 }, (_, i) => ({
      userId: owner.userId,
      threadId: `Answer${100 + i}`,
      timestamp: at(100 + i),
    })),
  );
  await research("ResearchNew", 110.5, "failed");
  await research("ResearchMid", 102.5, "running");
  await research("ResearchOld", 50, "running");
});
afterAll(async () => {
  await h.close();
});

async function page(cursor?: string): Promise<HistoryPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  const res = await h.request(`/api/history${query}`, { cookie: owner.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as HistoryPage;
}

describe("History's pages and research in progress", () => {
  it("slots each running or failed research into its page, with its state, once", async () => {
    const first = await page();
    const ids = first.threads.map((t) => t.threadId);
    // The failed one is among page 1's span (between minutes 110 and 111).
    expect(ids.indexOf("ResearchNew")).toBe(ids.indexOf("Answer111") + 1);
    expect(first.threads.find((t) => t.threadId === "ResearchNew")).toMatchObject({
      kind: "research",
      state: "failed",
    });
    expect(ids).not.toContain("ResearchMid");
    expect(ids).not.toContain("ResearchOld");
    expect(first.nextCursor).not.toBeNull();

    // Page 2 (the last): the running one older than page 1, in its place, and the oldest after all.
    const second = await page(first.nextCursor ?? "");
    expect(second.threads.map((t) => [t.threadId, t.state ?? null])).toEqual([
      ["Answer104", null],
      ["Answer103", null],
      ["ResearchMid", "running"],
      ["Answer102", null],
      ["Answer101", null],
      ["Answer100", null],
      ["ResearchOld", "running"],
    ]);
    expect(second.nextCursor).toBeNull();
  });
});
