import { type HistoryPage, MESSAGES, type ThreadTitle } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { json, seedEntries } from "./history-test-kit.ts";

let h: Harness;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signIn("titles-owner@acme.com");
  other = await h.signIn("titles-other@acme.com");
  await seedEntries(h, [
    { userId: owner.userId, threadId: "tTitle", timestamp: at(1), query: "What is a bridge?" },
    { userId: owner.userId, threadId: "tTitle", timestamp: at(2), query: "How long is it?" },
    { userId: owner.userId, threadId: "tOther", timestamp: at(3), query: "Second thread" },
    { userId: owner.userId, threadId: "tEmpty", timestamp: at(4), markdown: "" },
  ]);
});
afterAll(async () => {
  await h.close();
});

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1) + minutes * 60_000);
const NOT_FOUND = { error: { code: "not_found", message: MESSAGES.noSuchDocument } };

function rename(threadId: string, body: unknown, cookie?: string, anonId?: string) {
  return h.request(`/api/threads/${threadId}/title`, { method: "PUT", cookie, anonId, body });
}

async function storedTitles(userId: string) {
  return h.db.db
    .select({ threadId: schema.threadTitles.threadId, title: schema.threadTitles.title })
    .from(schema.threadTitles)
    .where(eq(schema.threadTitles.userId, userId));
}

describe("thread titles", () => {
  it("is the first query until the owner renames the thread", async () => {
    const res = await h.request("/api/threads/tTitle/title", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(await json<ThreadTitle>(res)).toEqual({
      threadId: "tTitle",
      title: "What is a bridge?",
      renamed: false,
    });
  });

  it("renames the owner's thread: the thread and the history list show the new title", async () => {
    const res = await rename("tTitle", { title: "  Bridges of the Rhine  " }, owner.cookie);
    expect(res.status).toBe(200);
    expect(await json<ThreadTitle>(res)).toEqual({
      threadId: "tTitle",
      title: "Bridges of the Rhine",
      renamed: true,
    });
    const read = await h.request("/api/threads/tTitle/title", { cookie: owner.cookie });
    expect((await json<ThreadTitle>(read)).title).toBe("Bridges of the Rhine");
    const page = await json<HistoryPage>(await h.request("/api/history", { cookie: owner.cookie }));
    const titles = Object.fromEntries(page.threads.map((t) => [t.threadId, t.title]));
    expect(titles).toEqual({ tTitle: "Bridges of the Rhine", tOther: "Second thread" });
    // The first query stays what it was.
    expect(page.threads.find((t) => t.threadId === "tTitle")?.firstQuery).toBe("What is a bridge?");
    // Renaming again replaces the title (one row per owner and thread).
    await rename("tTitle", { title: "Rhine bridges" }, owner.cookie);
    expect(await storedTitles(owner.userId)).toEqual([
      { threadId: "tTitle", title: "Rhine bridges" },
    ]);
  });

  it("answers another user, a missing thread and an unanswered thread with the same 404", async () => {
    for (const [threadId, cookie] of [
      ["tOther", other.cookie],
      ["no-such-thread", owner.cookie],
      ["tEmpty", owner.cookie],
      ["bad%00id", owner.cookie],
    ] as const) {
      const put = await rename(threadId, { title: "Taken over" }, cookie);
      expect(put.status).toBe(404);
      expect(await put.json()).toEqual(NOT_FOUND);
      const get = await h.request(`/api/threads/${threadId}/title`, { cookie });
      expect(get.status).toBe(404);
      expect(await get.json()).toEqual(NOT_FOUND);
    }
    expect(await storedTitles(other.userId)).toEqual([]);
    expect((await storedTitles(owner.userId)).map((t) => t.threadId)).toEqual(["tTitle"]);
  });

  it("is sign-in only: anonymous visitors and no credentials get 401, nothing changes", async () => {
    const anon = await rename(
      "tOther",
      { title: "Anon" },
      undefined,
      "anon_1795000000000_cccccccc",
    );
    expect(anon.status).toBe(401);
    expect((await rename("tOther", { title: "Nobody" })).status).toBe(401);
    expect((await h.request("/api/threads/tOther/title")).status).toBe(401);
    expect((await storedTitles(owner.userId)).map((t) => t.threadId)).toEqual(["tTitle"]);
  });

  it("refuses an empty, blank, too long or missing title with a clear 400", async () => {
    for (const [body, message] of [
      [{ title: "" }, "A title is required."],
      [{ title: "   " }, "A title is required."],
      [{}, "A title is required."],
      [{ title: "x".repeat(201) }, "A title is at most 200 characters."],
    ] as const) {
      const res = await rename("tOther", body, owner.cookie);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    expect((await storedTitles(owner.userId)).map((t) => t.threadId)).toEqual(["tTitle"]);
  });

  it("goes with its thread when the thread is deleted", async () => {
    await seedEntries(h, [
      { userId: owner.userId, threadId: "tGone", timestamp: at(5), query: "Short-lived" },
    ]);
    expect((await rename("tGone", { title: "Soon gone" }, owner.cookie)).status).toBe(200);
    const del = await h.request("/api/threads/tGone", { method: "DELETE", cookie: owner.cookie });
    expect(del.status).toBe(204);
    expect((await storedTitles(owner.userId)).map((t) => t.threadId)).toEqual(["tTitle"]);
  });
});
