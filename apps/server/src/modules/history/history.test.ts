import { type HistoryPage, MESSAGES, type ThreadSummary } from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { allPages, entryCount, json, seedEntries } from "./history-test-kit.ts";

let h: Harness;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signIn("history-owner@acme.com");
  other = await h.signIn("history-other@acme.com");
});
afterAll(async () => {
  await h.close();
});

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1) + minutes * 60_000);
const NOT_FOUND = { error: { code: "not_found", message: MESSAGES.noSuchDocument } };

async function fresh(email: string) {
  return h.signIn(email);
}

describe("GET /api/history", () => {
  it("is sign-in only", async () => {
    expect((await h.request("/api/history")).status).toBe(401);
    const anon = await h.request("/api/history", { anonId: "anon_1795000000000_aaaaaaaa" });
    expect(anon.status).toBe(401);
  });

  it("is empty for a new user", async () => {
    const res = await h.request("/api/history", { cookie: owner.cookie });
    expect(await json(res)).toEqual({ threads: [], nextCursor: null });
  });

  it("groups entries into threads by latest activity, ignoring entries without an answer", async () => {
    const u = await fresh("history-groups@acme.com");
    await seedEntries(h, [
      { userId: u.userId, threadId: "tA", timestamp: at(1), query: "First of A", focusMode: "web" },
      {
        userId: u.userId,
        threadId: "tB",
        timestamp: at(2),
        query: "Only B",
        focusMode: "academic",
      },
      {
        userId: u.userId,
        threadId: "tA",
        timestamp: at(3),
        query: "Second of A",
        markdown: "## Rust\n\nRust is **fast** [1] and [safe](https://x.test) [2, 3].",
        focusMode: "video",
      },
      { userId: u.userId, threadId: "tA", timestamp: at(9), markdown: "" },
      { userId: u.userId, threadId: "tC", timestamp: at(10), markdown: "" },
      { userId: other.userId, threadId: "tA", timestamp: at(20), query: "Someone else's" },
    ]);
    const page = await json<HistoryPage>(await h.request("/api/history", { cookie: u.cookie }));
    expect(page.nextCursor).toBeNull();
    expect(page.threads).toEqual([
      {
        threadId: "tA",
        title: "First of A",
        firstQuery: "First of A",
        firstTimestamp: at(1).toISOString(),
        latestTimestamp: at(3).toISOString(),
        focusMode: "video",
        messageCount: 2,
        preview: "Rust. Rust is fast and safe.",
        kind: "answer",
        label: "Answer",
        subject: null,
        badge: null,
        icon: null,
        href: "/app/search/first-of-a-tA",
        agentId: null,
        agentName: null,
        documentId: null,
        pinned: false,
      },
      {
        threadId: "tB",
        title: "Only B",
        firstQuery: "Only B",
        firstTimestamp: at(2).toISOString(),
        latestTimestamp: at(2).toISOString(),
        focusMode: "academic",
        messageCount: 1,
        preview: expect.stringMatching(/^Answer \d+$/),
        kind: "answer",
        label: "Answer",
        subject: null,
        badge: null,
        icon: null,
        href: "/app/search/only-b-tB",
        agentId: null,
        agentName: null,
        documentId: null,
        pinned: false,
      },
    ]);
  });

  it("pages 20 threads at a time, exactly, with timestamp ties broken by id", async () => {
    const u = await fresh("history-paging@acme.com");
    // 45 threads; many share a timestamp, so only the id can order them.
    await seedEntries(
      h,
      Array.from({ length: 45 }, (_, i) => ({
        userId: u.userId,
        threadId: `t${String(i).padStart(2, "0")}`,
        timestamp: at(Math.floor(i / 10)),
      })),
    );
    const { pages } = await allPages<ThreadSummary>(h, {
      path: "/api/history",
      cookie: u.cookie,
      key: "threads",
    });
    expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
    const ids = pages.flat().map((t) => t.threadId);
    expect(new Set(ids).size).toBe(45);
    const latest = pages.flat().map((t) => t.latestTimestamp);
    expect([...latest].sort().reverse()).toEqual(latest);
  });

  it("keeps paging exact while threads get new messages and new threads appear", async () => {
    const u = await fresh("history-snapshot@acme.com");
    await seedEntries(
      h,
      Array.from({ length: 30 }, (_, i) => ({
        userId: u.userId,
        threadId: `s${i}`,
        timestamp: at(i),
      })),
    );
    const first = await json<HistoryPage>(await h.request("/api/history", { cookie: u.cookie }));
    expect(first.threads.map((t) => t.threadId)).toEqual(
      Array.from({ length: 20 }, (_, i) => `s${29 - i}`),
    );
    // s0 (not shown yet) and s25 (shown) get new messages; a new thread starts.
    await seedEntries(h, [
      { userId: u.userId, threadId: "s0", timestamp: at(100) },
      { userId: u.userId, threadId: "s25", timestamp: at(101) },
      { userId: u.userId, threadId: "new", timestamp: at(102) },
    ]);
    const second = await json<HistoryPage>(
      await h.request(`/api/history?cursor=${first.nextCursor}`, { cookie: u.cookie }),
    );
    expect(second.threads.map((t) => t.threadId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `s${9 - i}`),
    );
    expect(second.threads.at(-1)).toMatchObject({ messageCount: 1 });
    expect(second.nextCursor).toBeNull();
    const reloaded = await json<HistoryPage>(await h.request("/api/history", { cookie: u.cookie }));
    expect(reloaded.threads.slice(0, 4).map((t) => [t.threadId, t.messageCount])).toEqual([
      ["new", 1],
      ["s25", 2],
      ["s0", 2],
      ["s29", 1],
    ]);
  });

  it("answers a malformed cursor or search with 400 and a clear message", async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const pos = ["2025-01-01T00:00:00.000000Z", "x"];
    const bad = [
      "not a cursor",
      "%00",
      b64("hello"),
      Buffer.from("{not json").toString("base64url"),
      b64({ v: 1, k: "h", s: pos }),
      b64({ v: 1, k: "h", s: ["2025-02-31T00:00:00.000000Z", "x"], a: pos }),
      b64({ v: 1, k: "h", s: ["0000-01-01T00:00:00.000000Z", "x"], a: pos }),
      b64({ v: 1, k: "h", s: pos, a: ["2025-01-01 00:00", "x"] }),
      b64({ v: 1, k: "h", s: pos, a: ["2025-01-01T00:00:00.000000Z", "\u0000"] }),
      b64({ v: 1, k: "l", a: pos }),
      b64({ v: 1, k: "h", s: pos, a: pos, __proto__: { x: 1 }, extra: 1 }),
    ];
    for (const cursor of bad) {
      const res = await h.request(`/api/history?cursor=${encodeURIComponent(cursor)}`, {
        cookie: owner.cookie,
      });
      expect(res.status, cursor).toBe(400);
      expect(await json(res)).toEqual({
        error: { code: "bad_request", message: expect.stringMatching(/cursor is not valid/) },
      });
    }
    const long = await h.request(`/api/history?q=${"a".repeat(201)}`, { cookie: owner.cookie });
    expect(long.status).toBe(400);
    const longCursor = await h.request(`/api/history?cursor=${"a".repeat(501)}`, {
      cookie: owner.cookie,
    });
    expect(longCursor.status).toBe(400);
  });
});

describe("DELETE /api/history/:entryId", () => {
  it("deletes the caller's entry; missing and foreign ids give the same 404", async () => {
    const u = await fresh("history-delete@acme.com");
    const [mine, kept] = await seedEntries(h, [
      { userId: u.userId, threadId: "d1", timestamp: at(1) },
      { userId: u.userId, threadId: "d1", timestamp: at(2) },
    ]);
    const [theirs] = await seedEntries(h, [
      { userId: other.userId, threadId: "d1", timestamp: at(3) },
    ]);
    const res = await h.request(`/api/history/${mine}`, { method: "DELETE", cookie: u.cookie });
    expect(res.status).toBe(204);
    expect(await entryCount(h, u.userId)).toBe(1);
    const again = await h.request(`/api/history/${mine}`, { method: "DELETE", cookie: u.cookie });
    const foreign = await h.request(`/api/history/${theirs}`, {
      method: "DELETE",
      cookie: u.cookie,
    });
    const weird = await h.request("/api/history/%00", { method: "DELETE", cookie: u.cookie });
    for (const r of [again, foreign, weird]) {
      expect(r.status).toBe(404);
      expect(await json(r)).toEqual(NOT_FOUND);
    }
    expect(await entryCount(h, other.userId)).toBeGreaterThan(0);
    expect(kept).toBeDefined();
    const anon = await h.request(`/api/history/${kept}`, { method: "DELETE" });
    expect(anon.status).toBe(401);
    expect(await entryCount(h, u.userId)).toBe(1);
  });
});

describe("DELETE /api/threads/:threadId", () => {
  it("deletes all the caller's entries of the thread and nothing else", async () => {
    const u = await fresh("history-thread-delete@acme.com");
    await seedEntries(h, [
      { userId: u.userId, threadId: "gone", timestamp: at(1) },
      { userId: u.userId, threadId: "gone", timestamp: at(2) },
      { userId: u.userId, threadId: "stays", timestamp: at(3) },
      { userId: other.userId, threadId: "gone", timestamp: at(4) },
    ]);
    // The answer module's GET on the same path keeps working beside this DELETE.
    expect((await h.request("/api/threads/gone", { cookie: u.cookie })).status).toBe(200);
    const res = await h.request("/api/threads/gone", { method: "DELETE", cookie: u.cookie });
    expect(res.status).toBe(204);
    expect(await entryCount(h, u.userId)).toBe(1);
    expect((await h.request("/api/threads/gone", { cookie: u.cookie })).status).toBe(404);
    expect((await h.request("/api/threads/gone", { cookie: other.cookie })).status).toBe(200);
    const again = await h.request("/api/threads/gone", { method: "DELETE", cookie: u.cookie });
    const foreign = await h.request("/api/threads/stays", {
      method: "DELETE",
      cookie: other.cookie,
    });
    for (const r of [again, foreign]) {
      expect(r.status).toBe(404);
      expect(await json(r)).toEqual(NOT_FOUND);
    }
    expect(await entryCount(h, u.userId)).toBe(1);
    const anon = await h.request("/api/threads/stays", { method: "DELETE" });
    expect(anon.status).toBe(401);
    const patch = await h.request("/api/threads/stays", { method: "PATCH", cookie: u.cookie });
    expect(patch.status).toBe(404);
    expect(await entryCount(h, u.userId)).toBe(1);
  });
});
