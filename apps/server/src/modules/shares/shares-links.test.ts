import { myShareListSchema, threadResponseSchema } from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { entriesOfThread, read, saveEntry, share } from "./shares-test-kit.ts";

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

describe("GET and DELETE /api/shares (the owner's links)", () => {
  it("lists the caller's live links newest first and lets only the owner revoke", async () => {
    const lister = await h.signIn("lister@acme.com");
    await saveEntry(h, { id: "l1", userId: lister.userId, query: "Older" });
    await saveEntry(h, { id: "l2", userId: lister.userId, threadId: "lt", query: "Thread title" });
    const a = (await share(h, lister.cookie, { entryId: "l1" })).shareId;
    h.clock.advance(1000);
    const t = (await share(h, lister.cookie, { threadId: "lt" })).shareId;
    const list = myShareListSchema.parse(
      await (await h.request("/api/shares", { cookie: lister.cookie })).json(),
    );
    expect(list.shares.map((s) => [s.shareId, s.kind, s.title])).toEqual([
      [t, "thread", "Thread title"],
      [a, "answer", "Older"],
    ]);
    const theirs = myShareListSchema.parse(
      await (await h.request("/api/shares", { cookie: other.cookie })).json(),
    );
    expect(theirs.shares.map((s) => s.shareId)).not.toContain(a);

    const foreign = await h.request(`/api/shares/${a}`, { method: "DELETE", cookie: other.cookie });
    const unknown = await h.request(`/api/shares/${"Q".repeat(22)}`, {
      method: "DELETE",
      cookie: other.cookie,
    });
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(await foreign.text()).toBe(await unknown.text());
    expect((await read(h, a, "10.0.6.1")).status).toBe(200);
    expect(
      (await h.request(`/api/shares/${a}`, { method: "DELETE", cookie: lister.cookie })).status,
    ).toBe(204);
    expect(
      (await h.request(`/api/shares/${a}`, { method: "DELETE", cookie: lister.cookie })).status,
    ).toBe(404);
    const after = myShareListSchema.parse(
      await (await h.request("/api/shares", { cookie: lister.cookie })).json(),
    );
    expect(after.shares.map((s) => s.shareId)).toEqual([t]);
    expect((await h.request("/api/shares")).status).toBe(401);
  });
});

describe("POST /api/shares/:shareId/copy (continue in Nexus)", () => {
  it("copies a shared thread into a new thread of the caller with new ids", async () => {
    await saveEntry(h, {
      id: "c1",
      userId: owner.userId,
      threadId: "cthr",
      query: "Copy one",
      at: "2026-03-01T00:00:00Z",
    });
    await saveEntry(h, {
      id: "c2",
      userId: owner.userId,
      threadId: "cthr",
      query: "Copy two",
      at: "2026-03-02T00:00:00Z",
    });
    const shareId = (await share(h, owner.cookie, { threadId: "cthr" })).shareId;
    const res = await h.request(`/api/shares/${shareId}/copy`, {
      method: "POST",
      cookie: other.cookie,
    });
    expect(res.status).toBe(201);
    const { threadId } = (await res.json()) as { threadId: string };
    expect(threadId).toMatch(/^[A-Za-z0-9]{22}$/);
    const copied = threadResponseSchema.parse(
      await (await h.request(`/api/threads/${threadId}`, { cookie: other.cookie })).json(),
    );
    expect(copied.entries.map((e) => e.query)).toEqual(["Copy one", "Copy two"]);
    expect(copied.entries[0]?.results.markdown).toContain("Answer **c1**");
    expect(copied.entries[0]?.results.sources).toHaveLength(2);
    for (const e of copied.entries) expect(["c1", "c2"]).not.toContain(e.id);
    const rows = await entriesOfThread(h, threadId);
    expect(rows.every((r) => r.userId === other.userId)).toBe(true);
    expect((await h.request(`/api/threads/${threadId}`, { cookie: owner.cookie })).status).toBe(
      404,
    );
    // The original is untouched.
    expect((await entriesOfThread(h, "cthr")).map((r) => r.userId)).toEqual([
      owner.userId,
      owner.userId,
    ]);
  });

  it("copies one shared answer; unknown links are 404, anonymous callers 401", async () => {
    await saveEntry(h, { id: "c3", userId: owner.userId, query: "Single" });
    const shareId = (await share(h, owner.cookie, { entryId: "c3" })).shareId;
    const res = await h.request(`/api/shares/${shareId}/copy`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(res.status).toBe(201);
    const { threadId } = (await res.json()) as { threadId: string };
    const rows = await entriesOfThread(h, threadId);
    expect(rows.map((r) => [r.query, r.userId])).toEqual([["Single", owner.userId]]);
    const unknown = await h.request(`/api/shares/${"N".repeat(22)}/copy`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(unknown.status).toBe(404);
    const anon = await h.request(`/api/shares/${shareId}/copy`, { method: "POST" });
    expect(anon.status).toBe(401);
  });
});

describe("deleting through the history API revokes links", () => {
  it("DELETE /api/threads/:threadId makes the thread's link and its answers' links 404", async () => {
    await saveEntry(h, {
      id: "hd1",
      userId: owner.userId,
      threadId: "hdthr",
      at: "2026-03-01T00:00:00Z",
    });
    await saveEntry(h, {
      id: "hd2",
      userId: owner.userId,
      threadId: "hdthr",
      at: "2026-03-02T00:00:00Z",
    });
    const threadLink = (await share(h, owner.cookie, { threadId: "hdthr" })).shareId;
    const answerLink = (await share(h, owner.cookie, { entryId: "hd2" })).shareId;
    expect((await read(h, threadLink, "10.2.0.1")).status).toBe(200);
    const res = await h.request("/api/threads/hdthr", { method: "DELETE", cookie: owner.cookie });
    expect(res.ok).toBe(true);
    expect((await read(h, threadLink, "10.2.0.1")).status).toBe(404);
    expect((await read(h, answerLink, "10.2.0.1")).status).toBe(404);
  });
});
