import { type LibraryItem, type LibraryPage, MESSAGES } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { allPages, json, seedEntries } from "./history-test-kit.ts";

let h: Harness;
let other: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness();
  other = await h.signIn("library-other@acme.com");
});
afterAll(async () => {
  await h.close();
});

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1) + minutes * 60_000);
const NOT_FOUND = { error: { code: "not_found", message: MESSAGES.noSuchDocument } };
const SOURCE = {
  title: "Rust",
  url: "https://www.rust-lang.org/",
  domain: "rust-lang.org",
  favicon: null,
  snippet: "A language.",
};

async function bookmarked(entryId: string): Promise<boolean | undefined> {
  const [row] = await h.db.db
    .select({ b: schema.searchHistory.isBookmarked })
    .from(schema.searchHistory)
    .where(eq(schema.searchHistory.id, entryId));
  return row?.b;
}

describe("PUT /api/history/:entryId/bookmark", () => {
  it("toggles the caller's bookmark; bad bodies change nothing; foreign ids are missing", async () => {
    const u = await h.signIn("bookmark@acme.com");
    const [mine] = await seedEntries(h, [{ userId: u.userId, threadId: "b", timestamp: at(1) }]);
    const [theirs] = await seedEntries(h, [
      { userId: other.userId, threadId: "b", timestamp: at(2) },
    ]);
    if (!mine || !theirs) throw new Error("seed failed");
    const put = (id: string, body: unknown, cookie = u.cookie) =>
      h.request(`/api/history/${id}/bookmark`, { method: "PUT", cookie, body });

    const on = await put(mine, { isBookmarked: true });
    expect(on.status).toBe(200);
    expect(await json(on)).toEqual({ entryId: mine, isBookmarked: true });
    expect(await bookmarked(mine)).toBe(true);

    for (const body of [{}, { isBookmarked: "no" }, "nope", [true], { isBookmarked: null }]) {
      const res = await put(mine, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const text = await h.request(`/api/history/${mine}/bookmark`, {
      method: "PUT",
      cookie: u.cookie,
      body: "isBookmarked=false",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect(await bookmarked(mine)).toBe(true);

    const missing = await put("no-such-entry", { isBookmarked: false });
    const foreign = await put(theirs, { isBookmarked: true });
    for (const r of [missing, foreign]) {
      expect(r.status).toBe(404);
      expect(await json(r)).toEqual(NOT_FOUND);
    }
    expect(await bookmarked(theirs)).toBe(false);
    expect((await put(mine, { isBookmarked: false }, "")).status).toBe(401);

    const off = await put(mine, { isBookmarked: false });
    expect(await json(off)).toEqual({ entryId: mine, isBookmarked: false });
    expect(await bookmarked(mine)).toBe(false);
  });
});

describe("GET /api/library", () => {
  it("is sign-in only", async () => {
    expect((await h.request("/api/library")).status).toBe(401);
  });

  it("lists the caller's bookmarked answers newest first, 10 per page, exactly", async () => {
    const u = await h.signIn("library@acme.com");
    await seedEntries(h, [
      ...Array.from({ length: 23 }, (_, i) => ({
        userId: u.userId,
        threadId: `l${i % 4}`,
        timestamp: at(Math.floor(i / 5)),
        isBookmarked: true,
        query: `Saved ${i}`,
      })),
      { userId: u.userId, threadId: "l0", timestamp: at(50), query: "Not saved" },
      {
        userId: u.userId,
        threadId: "l0",
        timestamp: at(51),
        isBookmarked: true,
        markdown: "",
      },
      { userId: other.userId, threadId: "x", timestamp: at(52), isBookmarked: true },
    ]);
    const { pages } = await allPages<LibraryItem>(h, {
      path: "/api/library",
      cookie: u.cookie,
      key: "items",
    });
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    const items = pages.flat();
    expect(new Set(items.map((i) => i.entryId)).size).toBe(23);
    expect(items.every((i) => i.query.startsWith("Saved"))).toBe(true);
    const times = items.map((i) => i.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("presents an item and searches within the library", async () => {
    const u = await h.signIn("library-search@acme.com");
    const [rust] = await seedEntries(h, [
      {
        userId: u.userId,
        threadId: "r",
        timestamp: at(1),
        isBookmarked: true,
        query: "What is Rust?",
        markdown: "**Rust** is a systems language [1].",
        focusMode: "academic",
        sources: [SOURCE, { broken: true }],
      },
      {
        userId: u.userId,
        threadId: "g",
        timestamp: at(2),
        isBookmarked: true,
        query: "Go?",
        agentId: "quick-answer",
      },
      { userId: u.userId, threadId: "p", timestamp: at(3), query: "Rust, not saved" },
    ]);
    const page = await json<LibraryPage>(
      await h.request("/api/library?q=syst", { cookie: u.cookie }),
    );
    expect(page).toEqual({
      items: [
        {
          entryId: rust,
          threadId: "r",
          query: "What is Rust?",
          timestamp: at(1).toISOString(),
          focusMode: "academic",
          preview: "Rust is a systems language.",
          sources: [SOURCE],
          kind: "answer",
          label: "Answer",
          subject: null,
          badge: null,
          icon: null,
          href: `/app/search/what-is-rust-r`,
          agentId: null,
          documentId: null,
        },
      ],
      nextCursor: null,
    });
    // A saved agent reply says whose it is, so the library opens it in its agent's chat.
    const all = await json<LibraryPage>(await h.request("/api/library", { cookie: u.cookie }));
    expect(all.items.map((i) => [i.threadId, i.kind, i.agentId, i.badge, i.href])).toEqual([
      ["g", "agent", "quick-answer", "Quick Answer", "/app/agents/quick-answer/g"],
      ["r", "answer", null, null, "/app/search/what-is-rust-r"],
    ]);
    const none = await json<LibraryPage>(
      await h.request("/api/library?q=python", { cookie: u.cookie }),
    );
    expect(none.items).toEqual([]);
    const bad = await h.request("/api/library?cursor=abc", { cookie: u.cookie });
    expect(bad.status).toBe(400);
    const historyCursor = Buffer.from(
      JSON.stringify({
        v: 1,
        k: "h",
        s: ["2025-01-01T00:00:00.000000Z", "a"],
        a: ["2025-01-01T00:00:00.000000Z", "a"],
      }),
    ).toString("base64url");
    const wrongKind = await h.request(`/api/library?cursor=${historyCursor}`, {
      cookie: u.cookie,
    });
    expect(wrongKind.status).toBe(400);
  });
});
