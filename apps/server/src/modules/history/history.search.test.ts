import type { HistoryPage, ThreadSummary } from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { allPages, json, seedEntries } from "./history-test-kit.ts";

let h: Harness;
let other: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness();
  other = await h.signIn("search-other@acme.com");
});
afterAll(async () => {
  await h.close();
});

const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1) + minutes * 60_000);

async function fresh(email: string) {
  return h.signIn(email);
}

describe("GET /api/history?q=", () => {
  it("finds threads by their queries and answers, the last word as a prefix", async () => {
    const u = await fresh("history-search@acme.com");
    await seedEntries(h, [
      { userId: u.userId, threadId: "rust", timestamp: at(1), query: "Why is Rust fast?" },
      {
        userId: u.userId,
        threadId: "rust",
        timestamp: at(2),
        query: "And safe?",
        markdown: "Ownership and borrowing.",
      },
      { userId: u.userId, threadId: "go", timestamp: at(3), markdown: "Go has goroutines." },
      { userId: u.userId, threadId: "hidden", timestamp: at(4), query: "Rust", markdown: "" },
      { userId: other.userId, threadId: "theirs", timestamp: at(5), query: "Rust borrowing" },
    ]);
    const search = async (q: string) =>
      (
        await json<HistoryPage>(
          await h.request(`/api/history?q=${encodeURIComponent(q)}`, { cookie: u.cookie }),
        )
      ).threads.map((t) => t.threadId);
    expect(await search("rust")).toEqual(["rust"]);
    expect(await search("BORROW")).toEqual(["rust"]);
    expect(await search("goroutines")).toEqual(["go"]);
    expect(await search("rust goroutines")).toEqual([]);
    expect(await search("answer")).toEqual(["rust"]);
    expect(await search("questio")).toEqual(["go"]);
    expect(await search("  ")).toEqual(["go", "rust"]);
    expect(await search("!!! ???")).toEqual([]);
    expect(await search("' & | ! :* (")).toEqual([]);
    expect(await search("python")).toEqual([]);
  });

  it("pages search results exactly", async () => {
    const u = await fresh("history-search-pages@acme.com");
    await seedEntries(
      h,
      Array.from({ length: 50 }, (_, i) => ({
        userId: u.userId,
        threadId: `q${i}`,
        timestamp: at(Math.floor(i / 7)),
        query: i % 2 === 0 ? `even topic ${i}` : `odd topic ${i}`,
      })),
    );
    const { pages } = await allPages<ThreadSummary>(h, {
      path: "/api/history",
      cookie: u.cookie,
      key: "threads",
      q: "even",
    });
    expect(pages.map((p) => p.length)).toEqual([20, 5]);
    const ids = pages.flat().map((t) => t.threadId);
    expect(new Set(ids)).toEqual(new Set(Array.from({ length: 25 }, (_, i) => `q${i * 2}`)));

    // A thread that starts matching after page 1 (q1, odd and old) waits for the next reload.
    const first = await json<HistoryPage>(
      await h.request("/api/history?q=even", { cookie: u.cookie }),
    );
    await seedEntries(h, [{ userId: u.userId, threadId: "q1", timestamp: at(99), query: "even" }]);
    const second = await json<HistoryPage>(
      await h.request(`/api/history?q=even&cursor=${first.nextCursor}`, { cookie: u.cookie }),
    );
    expect(second.threads.map((t) => t.threadId)).toEqual(ids.slice(20));
    const reloaded = await json<HistoryPage>(
      await h.request("/api/history?q=even", { cookie: u.cookie }),
    );
    expect(reloaded.threads[0]).toMatchObject({ threadId: "q1", messageCount: 2 });
  });
});
