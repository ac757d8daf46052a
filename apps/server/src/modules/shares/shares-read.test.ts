import { fileCitationUrl, MESSAGES, publicShareSchema } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { SHARE_MISS_LIMIT } from "./lookup-limit.ts";
import { read, saveEntry, share } from "./shares-test-kit.ts";

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
