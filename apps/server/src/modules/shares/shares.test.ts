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
import { SHARE_MISS_LIMIT } from "./lookup-limit.ts";
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

describe("GET /api/shares/:shareId: one 404 for unknown, revoked and deleted (G5)", () => {
  it("answers byte-identically for unknown, malformed, revoked, deleted-entry and deleted-account answer shares", async () => {
    const leaver = await h.signIn("leaver@acme.com");
    await saveEntry(h, { id: "rev1", userId: owner.userId });
    await saveEntry(h, { id: "del1", userId: owner.userId });
    await saveEntry(h, { id: "acct1", userId: leaver.userId });
    const revoked = (await share(h, owner.cookie, { entryId: "rev1" })).shareId;
    const deletedEntry = (await share(h, owner.cookie, { entryId: "del1" })).shareId;
    const deletedAccount = (await share(h, leaver.cookie, { entryId: "acct1" })).shareId;
    for (const id of [revoked, deletedEntry, deletedAccount])
      expect((await read(h, id, "10.0.3.1")).status).toBe(200);

    expect(
      (await h.request(`/api/shares/${revoked}`, { method: "DELETE", cookie: owner.cookie }))
        .status,
    ).toBe(204);
    await h.db.db.delete(schema.searchHistory).where(eq(schema.searchHistory.id, "del1"));
    const gone = await h.request(`/api/users/${leaver.userId}`, {
      method: "DELETE",
      cookie: leaver.cookie,
    });
    expect(gone.status).toBe(204);

    const ids = [
      revoked,
      deletedEntry,
      deletedAccount,
      "A".repeat(22),
      "short",
      "%00",
      "a".repeat(300),
    ];
    const answers = await Promise.all(ids.map((id) => read(h, id, "10.0.3.2")));
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect([a.cache, a.referrer, a.robots]).toEqual([
        "no-store",
        "no-referrer",
        "noindex, nofollow",
      ]);
    }
    expect(new Set(answers.map((a) => a.text))).toEqual(
      new Set([JSON.stringify({ error: { code: "not_found", message: MESSAGES.noSuchShare } })]),
    );
  });

  it("answers byte-identically for unknown, revoked and deleted thread shares, with the thread message", async () => {
    for (const [id, thread] of [
      ["tA1", "thrA"],
      ["tB1", "thrB"],
      ["tC1", "thrC"],
      ["tC2", "thrC"],
    ] as const)
      await saveEntry(h, {
        id,
        userId: owner.userId,
        threadId: thread,
        at: id === "tC2" ? "2026-03-05T00:00:00Z" : undefined,
      });
    const revoked = (await share(h, owner.cookie, { threadId: "thrA" })).shareId;
    const deleted = (await share(h, owner.cookie, { threadId: "thrB" })).shareId;
    const partly = (await share(h, owner.cookie, { threadId: "thrC" })).shareId;
    await h.request(`/api/shares/${revoked}`, { method: "DELETE", cookie: owner.cookie });
    // Deleting the thread's (last) entry revokes its link: a database trigger, whoever deletes.
    await h.db.db.delete(schema.searchHistory).where(eq(schema.searchHistory.threadId, "thrB"));
    // Deleting one message a snapshot contains revokes it too (the owner wanted it gone).
    await h.db.db.delete(schema.searchHistory).where(eq(schema.searchHistory.id, "tC1"));
    const ids = [revoked, deleted, partly, `t${"Z".repeat(22)}`, `t${"!".repeat(22)}`];
    const answers = await Promise.all(ids.map((id) => read(h, id, "10.0.4.1")));
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    expect(new Set(answers.map((a) => a.text))).toEqual(
      new Set([
        JSON.stringify({ error: { code: "not_found", message: MESSAGES.noSuchThreadShare } }),
      ]),
    );
    // Sharing the thread again makes a new link; the revoked one stays dead.
    const fresh = await share(h, owner.cookie, { threadId: "thrC" });
    expect(fresh.status).toBe(201);
    expect(fresh.shareId).not.toBe(partly);
    expect((await read(h, partly, "10.0.4.1")).status).toBe(404);
  });

  it(`answers 429 with Retry-After after ${SHARE_MISS_LIMIT} misses from one address, even for a live link`, async () => {
    await saveEntry(h, { id: "rl1", userId: owner.userId });
    const live = (await share(h, owner.cookie, { entryId: "rl1" })).shareId;
    for (let i = 0; i < SHARE_MISS_LIMIT; i++)
      expect((await read(h, `${"x".repeat(21)}${i % 10}`, "10.0.5.1")).status).toBe(404);
    const blocked = await h.request(`/api/shares/${live}`, { forwardedFor: "10.0.5.1" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await read(h, live, "10.0.5.2")).status).toBe(200);
    // Reading a live link many times never counts.
    for (let i = 0; i < SHARE_MISS_LIMIT + 5; i++)
      expect((await read(h, live, "10.0.5.3")).status).toBe(200);
  });
});

describe("GET /api/shares/:id carries only what the reader sees (finding 8)", () => {
  const READ_FILE = "0f8fad5b-d9cb-469f-a165-70867728950e";
  const UNREAD_FILE = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

  async function researchEntry(id: string) {
    await saveEntry(h, { id, userId: owner.userId, query: "What do my files say?" });
    const fileSource = (fileId: string, title: string, status: string) => ({
      id: fileId === READ_FILE ? 1 : 2,
      kind: "file",
      url: fileCitationUrl(fileId, 1, 0),
      title,
      fileId,
      question: 1,
      status,
      reason: null,
    });
    const read = fileSource(READ_FILE, "quarterly-report.pdf", "read");
    const unread = fileSource(UNREAD_FILE, "salaries-2026-secret.xlsx", "found");
    const note = { id: 1, sourceId: 1, question: 1, text: "Revenue grew.", quote: "grew" };
    await h.db.db
      .update(schema.searchHistory)
      .set({
        kind: "research",
        parts: [
          { type: "text", text: "Revenue grew [1]." },
          {
            type: "data-research-citations",
            data: { citations: [{ note, source: read }], sources: [read, unread] },
          },
          {
            type: "data-citations",
            data: [{ marker: 0, source: 1, fileId: READ_FILE, ordinal: 0, label: "p. 1" }],
          },
          {
            type: "source-url",
            sourceId: "s1",
            url: fileCitationUrl(READ_FILE, 1, 0),
            title: "quarterly-report.pdf, p. 1",
          },
        ],
      })
      .where(eq(schema.searchHistory.id, id));
    const [row] = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.id, id));
    const results = row?.results as { sources: Record<string, unknown>[] };
    const fileAnswerSource = {
      title: "quarterly-report.pdf, p. 1",
      url: fileCitationUrl(READ_FILE, 1, 0),
      domain: "Your files",
      favicon: null,
      snippet: "Revenue grew.",
    };
    await h.db.db
      .update(schema.searchHistory)
      .set({ results: { ...results, sources: [fileAnswerSource, ...results.sources] } })
      .where(eq(schema.searchHistory.id, id));
  }

  it("no file ids, no file links, no files the answer never read; in answer and thread shares", async () => {
    await researchEntry("pubview1");
    const answerShare = await share(h, owner.cookie, { entryId: "pubview1" });
    expect(answerShare.status).toBe(201);
    const threadShare = await share(h, owner.cookie, { threadId: "pubview1" });
    expect(threadShare.status).toBe(201);
    for (const shareId of [answerShare.shareId, threadShare.shareId]) {
      // Anonymous, as a reader of the link.
      const res = await read(h, shareId, "10.0.8.1");
      expect(res.status).toBe(200);
      publicShareSchema.parse(JSON.parse(res.text));
      expect(res.text).toContain("quarterly-report.pdf");
      expect(res.text).toContain("Revenue grew");
      for (const secret of [READ_FILE, UNREAD_FILE, "salaries-2026-secret", "/app/document-chat/"])
        expect(res.text, `${shareId}: ${secret}`).not.toContain(secret);
      expect(res.text).toContain('"private":true');
    }
    // The owner's own thread still has everything (only the public view is trimmed).
    const own = await h.request("/api/threads/pubview1", { cookie: owner.cookie });
    expect(await own.text()).toContain(READ_FILE);
    // Another signed-in reader gets exactly what an anonymous one gets.
    const asOther = await h.request(`/api/shares/${answerShare.shareId}`, {
      cookie: other.cookie,
      forwardedFor: "10.0.8.2",
    });
    expect(await asOther.text()).toBe((await read(h, answerShare.shareId, "10.0.8.3")).text);
  });
});
