import {
  type HistoryPage,
  MESSAGES,
  PINNED_THREADS_FULL,
  PINNED_THREADS_MAX,
  THREADS_DELETE_MAX,
} from "@nexus/contracts";
import { schema } from "@nexus/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { entryCount, json, seedEntries } from "./history-test-kit.ts";

/**
 * History's thread tools: pin and unpin (pinned threads first on the first page, which the sidebar's
 * Recent reads too), rename (the thread header's API) and select-to-delete (all or nothing,
 * bounded), each for its owner only: another person's thread is a missing one.
 */

let h: Harness;
let other: { cookie: string; userId: string };
const ANON = "anon_1795000000000_aaaaaaaa";
const NOT_FOUND = { error: { code: "not_found", message: MESSAGES.noSuchDocument } };
const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1) + minutes * 60_000);

beforeAll(async () => {
  h = await createHarness();
  other = await h.signIn("pins-other@acme.com");
});
afterAll(async () => {
  await h.close();
});

/** A user with `n` one-answer threads t0 (oldest) … t{n-1} (newest). */
async function userWithThreads(email: string, n: number, prefix = "t") {
  const user = await h.signIn(email);
  await seedEntries(
    h,
    Array.from({ length: n }, (_, i) => ({
      userId: user.userId,
      threadId: `${prefix}${i}`,
      timestamp: at(i),
      query: `Question ${i}`,
    })),
  );
  return user;
}

const pin = (cookie: string | undefined, threadId: string, pinned: boolean, anonId?: string) =>
  h.request(`/api/threads/${threadId}/pin`, {
    method: "PUT",
    body: { pinned },
    ...(cookie ? { cookie } : {}),
    ...(anonId ? { anonId } : {}),
  });

const bulkDelete = (cookie: string | undefined, body: unknown, anonId?: string) =>
  h.request("/api/threads/bulk-delete", {
    method: "POST",
    body,
    ...(cookie ? { cookie } : {}),
    ...(anonId ? { anonId } : {}),
  });

async function page(cookie: string, query = ""): Promise<HistoryPage> {
  return json<HistoryPage>(await h.request(`/api/history${query}`, { cookie }));
}

describe("PUT /api/threads/:threadId/pin", () => {
  it("lists pinned threads first on page 1 only, marked, and unpinning puts them back", async () => {
    const u = await userWithThreads("pins-order@acme.com", 25);
    expect((await pin(u.cookie, "t3", true)).status).toBe(200);
    const res = await pin(u.cookie, "t1", true);
    expect(await json(res)).toEqual({ threadId: "t1", pinned: true });
    // Pinning again is no change.
    expect((await pin(u.cookie, "t1", true)).status).toBe(200);

    const first = await page(u.cookie);
    expect(first.threads.slice(0, 2).map((t) => [t.threadId, t.pinned])).toEqual([
      ["t3", true],
      ["t1", true],
    ]);
    expect(first.threads.slice(2).every((t) => !t.pinned)).toBe(true);
    expect(first.threads.slice(2, 4).map((t) => t.threadId)).toEqual(["t24", "t23"]);
    // Every thread once across the pages (the pinned ones are not listed again).
    const second = await page(u.cookie, `?cursor=${encodeURIComponent(first.nextCursor ?? "")}`);
    const ids = [...first.threads, ...second.threads].map((t) => t.threadId);
    expect(new Set(ids).size).toBe(25);
    expect(ids).toHaveLength(25);
    // A search finds a pinned thread (pinned, first) and the others as usual.
    const searched = await page(u.cookie, "?q=Question");
    expect(searched.threads[0]).toMatchObject({ threadId: "t3", pinned: true });

    expect(await json(await pin(u.cookie, "t3", false))).toEqual({ threadId: "t3", pinned: false });
    const after = await page(u.cookie);
    expect(after.threads.map((t) => t.threadId).slice(0, 2)).toEqual(["t1", "t24"]);
    // Rename (the thread header's API) shows in the list, pinned or not.
    await h.request("/api/threads/t1/title", {
      method: "PUT",
      cookie: u.cookie,
      body: { title: "Pinned and renamed" },
    });
    expect((await page(u.cookie)).threads[0]).toMatchObject({
      threadId: "t1",
      title: "Pinned and renamed",
      pinned: true,
    });
  });

  it("is the owner's only: another person's or a missing thread is 404, anonymous callers 401", async () => {
    const u = await userWithThreads("pins-owner@acme.com", 1, "own");
    expect(await json(await pin(other.cookie, "own0", true))).toEqual(NOT_FOUND);
    expect((await pin(other.cookie, "own0", false)).status).toBe(404);
    expect((await pin(u.cookie, "missing", true)).status).toBe(404);
    expect((await pin(u.cookie, "bad id!", true)).status).toBe(404);
    expect((await pin(undefined, "own0", true)).status).toBe(401);
    expect((await pin(undefined, "own0", true, ANON)).status).toBe(401);
    const bad = await h.request("/api/threads/own0/pin", {
      method: "PUT",
      cookie: u.cookie,
      body: { pinned: "yes" },
    });
    expect(bad.status).toBe(400);
    expect((await page(u.cookie)).threads[0]?.pinned).toBe(false);
    expect(await h.db.db.select().from(schema.threadPins)).not.toContainEqual(
      expect.objectContaining({ threadId: "own0" }),
    );
  });

  it(`keeps at most ${PINNED_THREADS_MAX} pinned threads; deleting a thread takes its pin`, async () => {
    const u = await userWithThreads("pins-cap@acme.com", PINNED_THREADS_MAX + 1, "cap");
    for (let i = 0; i < PINNED_THREADS_MAX; i++)
      expect((await pin(u.cookie, `cap${i}`, true)).status).toBe(200);
    const full = await pin(u.cookie, `cap${PINNED_THREADS_MAX}`, true);
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: { message: string } }).error.message).toBe(
      PINNED_THREADS_FULL,
    );
    await h.request("/api/threads/cap0", { method: "DELETE", cookie: u.cookie });
    expect((await pin(u.cookie, `cap${PINNED_THREADS_MAX}`, true)).status).toBe(200);
    expect((await page(u.cookie)).threads.filter((t) => t.pinned)).toHaveLength(PINNED_THREADS_MAX);
  });
});

describe("POST /api/threads/bulk-delete", () => {
  it("deletes the owner's threads at once, with their pins and titles", async () => {
    const u = await userWithThreads("bulk-owner@acme.com", 4, "b");
    await pin(u.cookie, "b1", true);
    const res = await bulkDelete(u.cookie, { threadIds: ["b0", "b1", "b3"] });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ deleted: 3 });
    expect((await page(u.cookie)).threads.map((t) => t.threadId)).toEqual(["b2"]);
    expect(await entryCount(h, u.userId)).toBe(1);
  });

  it("is all or nothing: one thread of another person's (or missing) deletes none", async () => {
    const u = await userWithThreads("bulk-mixed@acme.com", 2, "m");
    const theirs = await userWithThreads("bulk-theirs@acme.com", 1, "x");
    for (const ids of [
      ["m0", "x0"],
      ["m0", "nope"],
      ["m0", "bad id!"],
    ]) {
      const res = await bulkDelete(u.cookie, { threadIds: ids });
      expect(res.status).toBe(404);
      expect(await json(res)).toEqual(NOT_FOUND);
    }
    expect(await entryCount(h, u.userId)).toBe(2);
    expect(await entryCount(h, theirs.userId)).toBe(1);
    // Another person deleting the owner's threads: the same 404.
    expect((await bulkDelete(other.cookie, { threadIds: ["m0"] })).status).toBe(404);
    expect((await bulkDelete(undefined, { threadIds: ["m0"] })).status).toBe(401);
    expect((await bulkDelete(undefined, { threadIds: ["m0"] }, ANON)).status).toBe(401);
    expect(await entryCount(h, u.userId)).toBe(2);
  });

  it(`is bounded (${THREADS_DELETE_MAX} a request) and refuses bad lists with a clear message`, async () => {
    const u = await userWithThreads("bulk-bounds@acme.com", 1, "k");
    const cases: Array<[unknown, string]> = [
      [
        { threadIds: Array.from({ length: THREADS_DELETE_MAX + 1 }, (_, i) => `k${i}`) },
        `Delete at most ${THREADS_DELETE_MAX} threads at a time.`,
      ],
      [{ threadIds: [] }, "Select at least one thread."],
      [{ threadIds: ["k0", "k0"] }, "A thread is listed twice."],
      [{}, "List the threads to delete."],
    ];
    for (const [body, message] of cases) {
      const res = await bulkDelete(u.cookie, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    expect(await entryCount(h, u.userId)).toBe(1);
  });
});
