import {
  fileCitationUrl,
  MESSAGES,
  myShareSchema,
  publicShareSchema,
  threadResponseSchema,
} from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { read, saveEntry, share, shareCount } from "./shares-test-kit.ts";

let h: Harness;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
beforeAll(async () => {
  h = await createHarness({ TRUST_PROXY: "true" });
  owner = await h.signIn("sharer@acme.com");
  other = await h.signIn("stranger@acme.com");
});
afterAll(async () => {
  await h.close();
});

describe("POST /api/shares (one answer)", () => {
  it("snapshots the caller's answer behind a 22-character id and returns the same live link again", async () => {
    await saveEntry(h, {
      id: "ans1",
      userId: owner.userId,
      query: "What is the tide?",
      markdown: "## Tides\nThe **moon** pulls the sea [1].",
      thinking: "Let me think.",
      focusMode: "academic",
    });
    const first = await share(h, owner.cookie, { entryId: "ans1" });
    expect(first.status).toBe(201);
    const link = myShareSchema.parse(first.body);
    expect(link).toMatchObject({ kind: "answer", title: "What is the tide?" });
    expect(link.shareId).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(link.url).toBe(`http://nexus.test/share/${link.shareId}`);
    const again = await share(h, owner.cookie, { entryId: "ans1" });
    expect(again.status).toBe(200);
    expect(again.shareId).toBe(link.shareId);

    const res = await read(h, link.shareId, "10.0.1.1");
    expect(res.status).toBe(200);
    expect([res.cache, res.referrer, res.robots]).toEqual([
      "no-store",
      "no-referrer",
      "noindex, nofollow",
    ]);
    const shared = publicShareSchema.parse(JSON.parse(res.text));
    if (shared.kind !== "answer") throw new Error("expected an answer share");
    expect(shared.answer).toMatchObject({
      content: "## Tides\nThe **moon** pulls the sea [1].",
      thinkingContent: "Let me think.",
      query: "What is the tide?",
      focusMode: "academic",
      isPdfFlow: false,
      isReasoningMode: true,
    });
    expect(shared.answer.sources.map((s) => s.title)).toEqual(["Source 1", "Source 2"]);
    expect(shared.answer.images).toHaveLength(1);
    expect(JSON.stringify(shared)).not.toContain("ans1"); // the entry id stays private

    // A snapshot: editing the entry later does not change the share.
    await h.db.db
      .update(schema.searchHistory)
      .set({ results: { markdown: "changed" } })
      .where(eq(schema.searchHistory.id, "ans1"));
    expect((await read(h, link.shareId, "10.0.1.1")).text).toContain("pulls the sea");
  });

  it("keeps whether an answer came from the offline engine, in answer and thread shares, and in a copy", async () => {
    await saveEntry(h, { id: "off1", userId: owner.userId, threadId: "offT", offline: true });
    await saveEntry(h, {
      id: "off2",
      userId: owner.userId,
      threadId: "offT",
      at: "2026-03-01T11:00:00Z",
    });
    const answer = await share(h, owner.cookie, { entryId: "off1" });
    const readAnswer = publicShareSchema.parse(
      JSON.parse((await read(h, answer.shareId, "10.0.1.9")).text),
    );
    if (readAnswer.kind !== "answer") throw new Error("expected an answer share");
    expect(readAnswer.answer.offline).toBe(true);

    const thread = await share(h, owner.cookie, { threadId: "offT" });
    const readThread = publicShareSchema.parse(
      JSON.parse((await read(h, thread.shareId, "10.0.1.9")).text),
    );
    if (readThread.kind !== "thread") throw new Error("expected a thread share");
    expect(readThread.thread.messages.map((m) => m.offline)).toEqual([true, false]);

    // A snapshot stored before shares kept the flag reads as not offline.
    const [row] = await h.db.db
      .select()
      .from(schema.threadShares)
      .where(eq(schema.threadShares.id, thread.shareId));
    const stored = row?.thread as { messages: Array<Record<string, unknown>> };
    await h.db.db
      .update(schema.threadShares)
      .set({
        thread: { ...stored, messages: stored.messages.map(({ offline: _, ...m }) => m) },
      })
      .where(eq(schema.threadShares.id, thread.shareId));
    const legacy = publicShareSchema.parse(
      JSON.parse((await read(h, thread.shareId, "10.0.1.9")).text),
    );
    if (legacy.kind !== "thread") throw new Error("expected a thread share");
    expect(legacy.thread.messages.map((m) => m.offline)).toEqual([false, false]);

    // Continuing the answer share copies the flag into the reader's own thread.
    const reader = await h.signIn("offline-reader@acme.com");
    const copy = await h.request(`/api/shares/${answer.shareId}/copy`, {
      method: "POST",
      cookie: reader.cookie,
    });
    expect(copy.status).toBe(201);
    const { threadId } = (await copy.json()) as { threadId: string };
    const copied = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.threadId, threadId));
    expect(copied.map((r) => r.results.offline)).toEqual([true]);
  });

  it("a copy keeps passages of the author's files as private sources, never their download links", async () => {
    await saveEntry(h, {
      id: "filecite1",
      userId: owner.userId,
      query: "What does my report say?",
    });
    const fileUrl = fileCitationUrl("0f8fad5b-d9cb-469f-a165-70867728950e", 3, 7);
    const [row] = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.id, "filecite1"));
    const results = row?.results as { sources: Record<string, unknown>[] };
    const fileSource = {
      title: "report.pdf, p. 3",
      url: fileUrl,
      domain: "Your files",
      favicon: null,
      snippet: "Revenue grew by a third.",
    };
    await h.db.db
      .update(schema.searchHistory)
      .set({ results: { ...results, sources: [fileSource, ...results.sources] } })
      .where(eq(schema.searchHistory.id, "filecite1"));
    const link = await share(h, owner.cookie, { entryId: "filecite1" });
    expect(link.status).toBe(201);
    const reader = await h.signIn("file-reader@acme.com");
    const copy = await h.request(`/api/shares/${link.shareId}/copy`, {
      method: "POST",
      cookie: reader.cookie,
    });
    expect(copy.status).toBe(201);
    const { threadId } = (await copy.json()) as { threadId: string };
    const restored = await h.request(`/api/threads/${threadId}`, { cookie: reader.cookie });
    const body = threadResponseSchema.parse(await restored.json());
    const [first, second] = body.entries[0]?.results.sources ?? [];
    expect(first).toEqual({ ...fileSource, url: "", private: true });
    expect(second).toMatchObject({ title: "Source 1" });
    expect(second?.private).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain("/api/files/");
  });

  it("refuses an answer without content with 400 and stores nothing", async () => {
    await saveEntry(h, { id: "empty1", userId: owner.userId, markdown: "  " });
    const before = await shareCount(h);
    const res = await share(h, owner.cookie, { entryId: "empty1" });
    expect(res.status).toBe(400);
    expect(await shareCount(h)).toBe(before);
  });

  it("refuses missing and foreign answers and threads with one byte-identical 403", async () => {
    await saveEntry(h, { id: "theirs1", userId: other.userId, threadId: "their-thread" });
    const before = await shareCount(h);
    const bodies: string[] = [];
    for (const body of [
      { entryId: "theirs1" },
      { entryId: "no-such-entry" },
      { threadId: "their-thread" },
      { threadId: "no-such-thread" },
    ]) {
      const res = await h.request("/api/shares", { method: "POST", cookie: owner.cookie, body });
      expect(res.status).toBe(403);
      bodies.push(await res.text());
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] ?? "{}")).toEqual({
      error: { code: "forbidden", message: MESSAGES.shareDenied },
    });
    expect(await shareCount(h)).toBe(before);
  });

  it("validates the body (400) and needs sign-in (401)", async () => {
    const before = await shareCount(h);
    for (const body of [{}, { entryId: "" }, { entryId: "a", threadId: "b" }, { entryId: 5 }]) {
      const res = await h.request("/api/shares", { method: "POST", cookie: owner.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const anon = await h.request("/api/shares", {
      method: "POST",
      anonId: "anon_1795000000000_aaaaaaaa",
      body: { entryId: "ans1" },
    });
    expect(anon.status).toBe(401);
    expect(await shareCount(h)).toBe(before);
  });
});

describe("POST /api/shares (a whole thread)", () => {
  it("snapshots the answered messages oldest first, without the owner's thread id", async () => {
    await saveEntry(h, {
      id: "m2",
      userId: owner.userId,
      threadId: "thr1",
      query: "Second",
      at: "2026-03-02T10:00:00Z",
    });
    await saveEntry(h, {
      id: "m1",
      userId: owner.userId,
      threadId: "thr1",
      query: "First",
      at: "2026-03-01T10:00:00Z",
    });
    await saveEntry(h, {
      id: "m3",
      userId: owner.userId,
      threadId: "thr1",
      query: "Unanswered",
      markdown: "",
      at: "2026-03-03T10:00:00Z",
    });
    const created = await share(h, owner.cookie, { threadId: "thr1" });
    expect(created.status).toBe(201);
    expect(created.shareId).toMatch(/^t[A-Za-z0-9]{22}$/);
    expect(created.body).toMatchObject({ kind: "thread", title: "First" });
    const res = await read(h, created.shareId, "10.0.2.1");
    expect(res.status).toBe(200);
    expect(res.robots).toBe("noindex, nofollow");
    const shared = publicShareSchema.parse(JSON.parse(res.text));
    if (shared.kind !== "thread") throw new Error("expected a thread share");
    expect(shared.thread.messages.map((m) => m.query)).toEqual(["First", "Second"]);
    expect(shared.thread).toMatchObject({
      title: "First",
      firstTimestamp: "2026-03-01T10:00:00.000Z",
      latestTimestamp: "2026-03-02T10:00:00.000Z",
    });
    expect(res.text).not.toContain("thr1");

    // Sharing again after a new message refreshes the same link.
    await saveEntry(h, {
      id: "m4",
      userId: owner.userId,
      threadId: "thr1",
      query: "Fourth",
      at: "2026-03-04T10:00:00Z",
    });
    const again = await share(h, owner.cookie, { threadId: "thr1" });
    expect([again.status, again.shareId]).toEqual([200, created.shareId]);
    const refreshed = publicShareSchema.parse(
      JSON.parse((await read(h, created.shareId, "10.0.2.1")).text),
    );
    if (refreshed.kind !== "thread") throw new Error("expected a thread share");
    expect(refreshed.thread.messages.map((m) => m.query)).toEqual(["First", "Second", "Fourth"]);
  });

  it("refuses a thread with no answered message (400) and stores nothing", async () => {
    await saveEntry(h, {
      id: "blank1",
      userId: owner.userId,
      threadId: "blank-thread",
      markdown: "",
    });
    const before = await shareCount(h);
    expect((await share(h, owner.cookie, { threadId: "blank-thread" })).status).toBe(400);
    expect(await shareCount(h)).toBe(before);
  });
});
