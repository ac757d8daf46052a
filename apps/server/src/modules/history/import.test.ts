import { type ImportThreadRequest, type ThreadResponse, TIER_LIMITS } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { entryCount, json, seedEntries } from "./history-test-kit.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const SOURCE = {
  title: "Nexus",
  url: "https://nexus.test/",
  domain: "nexus.test",
  favicon: null,
  snippet: "An answer engine.",
};

function body(threadId: string, turns = 2): ImportThreadRequest {
  return {
    threadId,
    focusMode: "academic",
    turns: Array.from({ length: turns }, (_, i) => ({
      query: `Anonymous question ${i + 1}`,
      markdown: `Anonymous answer ${i + 1} [1]`,
      sources: [SOURCE],
    })),
  };
}

const importThread = (cookie: string, payload: unknown) =>
  h.request("/api/history/import", { method: "POST", cookie, body: payload });

describe("POST /api/history/import", () => {
  it("saves the session's thread once, oldest turn first, and a retry returns it", async () => {
    const u = await h.signIn("import@acme.com");
    const res = await importThread(u.cookie, body("AnonThread0001", 3));
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ threadId: "AnonThread0001" });
    const thread = await json<ThreadResponse>(
      await h.request("/api/threads/AnonThread0001", { cookie: u.cookie }),
    );
    expect(thread.entries.map((e) => e.query)).toEqual([
      "Anonymous question 1",
      "Anonymous question 2",
      "Anonymous question 3",
    ]);
    expect(thread.entries[0]).toMatchObject({
      focusMode: "academic",
      isBookmarked: false,
      results: {
        markdown: "Anonymous answer 1 [1]",
        sources: [SOURCE],
        images: [],
        videos: [],
        thinking: "",
      },
    });
    const times = thread.entries.map((e) => e.timestamp);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(3);

    const again = await importThread(u.cookie, body("AnonThread0001", 3));
    expect(await json(again)).toEqual({ threadId: "AnonThread0001" });
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => importThread(u.cookie, body("AnonThread0002"))),
    );
    const ids = await Promise.all(parallel.map((r) => json<{ threadId: string }>(r)));
    expect(new Set(ids.map((i) => i.threadId))).toEqual(new Set(["AnonThread0002"]));
    expect(await entryCount(h, u.userId)).toBe(5);
  });

  it("keeps stopped turns, marked stopped, even with no text yet", async () => {
    const u = await h.signIn("import-stopped@acme.com");
    const payload = body("AnonStopped01", 1);
    payload.turns.push(
      { query: "Stopped midway", markdown: "The first words", sources: [SOURCE], stopped: true },
      { query: "Stopped at once", markdown: "", sources: [], stopped: true },
    );
    expect((await importThread(u.cookie, payload)).status).toBe(200);
    const thread = await json<ThreadResponse>(
      await h.request("/api/threads/AnonStopped01", { cookie: u.cookie }),
    );
    expect(thread.entries.map((e) => [e.query, e.results.markdown, e.results.stopped])).toEqual([
      ["Anonymous question 1", "Anonymous answer 1 [1]", undefined],
      ["Stopped midway", "The first words", true],
      ["Stopped at once", "", true],
    ]);
  });

  it("never merges into an existing thread, the caller's or anyone else's", async () => {
    const u = await h.signIn("import-clash@acme.com");
    const someone = await h.signIn("import-someone@acme.com");
    await seedEntries(h, [
      { userId: someone.userId, threadId: "TakenByOther1", timestamp: new Date() },
      { userId: u.userId, threadId: "TakenByMe0001", timestamp: new Date() },
    ]);
    for (const taken of ["TakenByOther1", "TakenByMe0001"]) {
      const { threadId } = await json<{ threadId: string }>(
        await importThread(u.cookie, body(taken)),
      );
      expect(threadId).not.toBe(taken);
      expect(threadId).toMatch(/^[A-Za-z0-9]{22}$/);
      const again = await json<{ threadId: string }>(await importThread(u.cookie, body(taken)));
      expect(again.threadId).toBe(threadId);
    }
    expect(await entryCount(h, someone.userId)).toBe(1);
    expect(await entryCount(h, u.userId)).toBe(5);
  });

  it("refuses malformed bodies with 400 and saves nothing; anonymous callers get 401", async () => {
    const u = await h.signIn("import-bad@acme.com");
    const bad: unknown[] = [
      {},
      { ...body("AnonThread0003"), turns: [] },
      { ...body("AnonThread0003"), threadId: "short" },
      { ...body("AnonThread0003"), threadId: "has-dash-0001" },
      { ...body("AnonThread0003"), focusMode: "nope" },
      { ...body("AnonThread0003"), turns: [{ query: " ", markdown: "x", sources: [] }] },
      { ...body("AnonThread0003"), turns: [{ query: "q", markdown: "", sources: [] }] },
      body("AnonThread0003", 51),
      "not json",
    ];
    for (const payload of bad) expect((await importThread(u.cookie, payload)).status).toBe(400);
    expect(await entryCount(h, u.userId)).toBe(0);
    const anon = await h.request("/api/history/import", {
      method: "POST",
      anonId: "anon_1795000000000_aaaaaaaa",
      body: body("AnonThread0003"),
    });
    expect(anon.status).toBe(401);
  });

  it("keeps the free tier's thread cap, dropping the oldest thread", async () => {
    const u = await h.signIn("import-cap@acme.com");
    const cap = TIER_LIMITS.free.maxChats;
    await h.db.db.execute(sql`
      insert into search_history (id, user_id, thread_id, timestamp, query, results)
      select 'cap' || g, ${u.userId}, 'cap' || g, now() - (g || ' minutes')::interval, 'q',
        '{"markdown":"a"}'::jsonb
      from generate_series(1, ${cap}) g`);
    await importThread(u.cookie, body("AnonThreadCap1"));
    const threads = await h.db.db
      .selectDistinct({ t: schema.searchHistory.threadId })
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.userId, u.userId));
    expect(threads.length).toBe(cap);
    const ids = new Set(threads.map((t) => t.t));
    expect(ids.has("AnonThreadCap1")).toBe(true);
    expect(ids.has(`cap${cap}`)).toBe(false);
    expect(ids.has("cap1")).toBe(true);
  });
});

describe("deleting revokes share links", () => {
  it("deleting a thread or an entry ends the links made of it", async () => {
    const u = await h.signIn("import-shares@acme.com");
    const [e1, e2, e3] = await seedEntries(h, [
      { userId: u.userId, threadId: "shared", timestamp: new Date(Date.now() - 2000) },
      { userId: u.userId, threadId: "shared", timestamp: new Date(Date.now() - 1000) },
      { userId: u.userId, threadId: "shared2", timestamp: new Date() },
    ]);
    if (!e1 || !e2 || !e3) throw new Error("seed failed");
    const share = (id: string, entryId: string) => ({
      id,
      userId: u.userId,
      entryId,
      content: "x",
    });
    await h.db.db.insert(schema.shares).values([share("s1", e1), share("s3", e3)]);
    await h.db.db.insert(schema.threadShares).values([
      { id: "t1", userId: u.userId, threadId: "shared", thread: {}, entryIds: [e1, e2] },
      { id: "t2", userId: u.userId, threadId: "shared2", thread: {}, entryIds: [e3] },
    ]);
    const live = async () => ({
      shares: (await h.db.db.select({ id: schema.shares.id }).from(schema.shares))
        .map((s) => s.id)
        .sort(),
      threadShares: (
        await h.db.db
          .select({ id: schema.threadShares.id, revokedAt: schema.threadShares.revokedAt })
          .from(schema.threadShares)
      )
        .filter((s) => s.revokedAt === null)
        .map((s) => s.id)
        .sort(),
    });
    expect(await live()).toEqual({ shares: ["s1", "s3"], threadShares: ["t1", "t2"] });
    const del = await h.request("/api/threads/shared", { method: "DELETE", cookie: u.cookie });
    expect(del.status).toBe(204);
    expect(await live()).toEqual({ shares: ["s3"], threadShares: ["t2"] });
    await h.request(`/api/history/${e3}`, { method: "DELETE", cookie: u.cookie });
    expect(await live()).toEqual({ shares: [], threadShares: [] });
  });
});
