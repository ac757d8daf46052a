import { MESSAGES, type ThreadResponse } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { insertResearch } from "../research/research.repo.ts";
import { createRun } from "../runs/runs.service.ts";

/**
 * GET /api/threads/:threadId (ARCHITECTURE.md §3.1): every kind's thread read back as
 * `{ kind, subject, messages }`, its owner's only — another user's thread answers exactly like a
 * missing one, anonymous callers (any anonymous id) and no credentials are refused.
 */

let h: Harness;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };
let documentId: string;
beforeAll(async () => {
  h = await createHarness();
  owner = await h.signIn("threads-owner@acme.com");
  other = await h.signIn("threads-other@acme.com");
  const [file] = await h.db.db
    .insert(schema.files)
    .values({
      userId: owner.userId,
      name: "lamp_notes.txt",
      kind: "text",
      size: 10,
      storageKey: "threads-test-lamp-notes",
      status: "ready",
      runId: crypto.randomUUID(),
    })
    .returning({ id: schema.files.id });
  documentId = file?.id ?? "";
  const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1) + minutes * 60_000);
  await h.db.db.insert(schema.searchHistory).values([
    {
      id: "ans1",
      userId: owner.userId,
      threadId: "ThreadAnswer1",
      timestamp: at(1),
      query: "Why are tides?",
      focusMode: "academic",
      results: { markdown: "The moon [1].", sources: [], images: [], videos: [], thinking: "" },
    },
    {
      id: "ans2",
      userId: owner.userId,
      threadId: "ThreadAnswer1",
      timestamp: at(2),
      query: "How high?",
      focusMode: "academic",
      results: { markdown: "A few metres.", sources: [], images: [], videos: [], thinking: "" },
    },
    {
      id: "agt1",
      userId: owner.userId,
      threadId: "ThreadAgent1",
      timestamp: at(3),
      query: "Plan my week",
      results: { markdown: "Monday: rest." },
      kind: "agent",
      subjectId: "quick-answer",
      parts: [{ type: "text", text: "Monday: rest." }],
    },
    {
      id: "agt2",
      userId: owner.userId,
      threadId: "ThreadAgent2",
      timestamp: at(4),
      query: "Summarise the attached notes",
      kind: "agent",
      subjectId: "maya",
      parts: [{ type: "text", text: "Third try." }],
      results: {
        markdown: "Third try.",
        attachments: [{ id: "file-1", name: "notes.txt" }],
        // Regenerated twice: the two earlier replies, oldest first (the second one stopped).
        versions: [
          {
            query: "Summarise the notes",
            timestamp: at(4).toISOString(),
            results: { markdown: "First try." },
            parts: [{ type: "text", text: "First try." }],
          },
          {
            query: "Summarise the attached notes",
            timestamp: at(5).toISOString(),
            results: { markdown: "Second try.", stopped: true },
            parts: null,
          },
        ],
      },
    },
    {
      id: "doc1",
      userId: owner.userId,
      threadId: "ThreadDocument1",
      timestamp: at(6),
      query: "What oil did the lamp burn?",
      kind: "document",
      subjectId: documentId,
      parts: [
        { type: "text", text: 'Colza oil [1: "colza oil"].' },
        { type: "data-citations", data: [{ n: 1, quote: "colza oil", verified: true }] },
      ],
      results: { markdown: 'Colza oil [1: "colza oil"].' },
    },
  ]);
  const run = await createRun(h.deps.db, {
    userId: owner.userId,
    kind: "research",
    subjectId: "ThreadResearch1",
  });
  await insertResearch(h.deps.db, {
    threadId: "ThreadResearch1",
    userId: owner.userId,
    runId: run.id,
    question: "How are solar panels recycled?",
    depth: "quick",
    sources: "both",
  });
});
afterAll(async () => {
  await h.close();
});

const NOT_FOUND = { error: { code: "not_found", message: MESSAGES.noSuchDocument } };

async function read(threadId: string, cookie = owner.cookie) {
  return h.request(`/api/threads/${threadId}`, { cookie });
}

describe("GET /api/threads/:threadId", () => {
  it("reads an answer thread as its kind, with its messages in order", async () => {
    const res = await read("ThreadAnswer1");
    expect(res.status).toBe(200);
    const thread = (await res.json()) as ThreadResponse;
    expect(thread).toMatchObject({ threadId: "ThreadAnswer1", kind: "answer", subject: null });
    expect(thread.messages.map((m) => [m.id, m.role])).toEqual([
      ["ans1-q", "user"],
      ["ans1", "assistant"],
      ["ans2-q", "user"],
      ["ans2", "assistant"],
    ]);
    expect(thread.messages[0]?.parts).toEqual([{ type: "text", text: "Why are tides?" }]);
    expect(thread.messages[1]?.parts).toContainEqual({
      type: "text",
      text: "The moon [1].",
      state: "done",
    });
    expect(thread.messages[1]?.metadata).toMatchObject({ entryId: "ans1", focusMode: "academic" });
    // Older readers keep their entries.
    expect(thread.entries.map((e) => e.id)).toEqual(["ans1", "ans2"]);
  });

  it("reads an agent conversation with its agent as the subject", async () => {
    const thread = (await (await read("ThreadAgent1")).json()) as ThreadResponse;
    expect(thread.kind).toBe("agent");
    expect(thread.subject).toEqual({ id: "quick-answer", name: "Quick Answer" });
    expect(thread.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(thread.messages[1]?.parts).toEqual([
      { type: "text", text: "Monday: rest.", state: "done" },
    ]);
    expect(thread.messages[1]?.metadata).toMatchObject({ agentId: "quick-answer" });
  });

  it("reads an agent turn back with its attached files and its two earlier versions", async () => {
    const thread = (await (await read("ThreadAgent2")).json()) as ThreadResponse;
    expect(thread).toMatchObject({ kind: "agent", subject: { id: "maya" } });
    const [question, reply] = thread.messages;
    expect(question?.parts).toEqual([
      { type: "data-attachments", data: [{ id: "file-1", name: "notes.txt" }] },
      { type: "text", text: "Summarise the attached notes" },
    ]);
    expect(reply?.parts).toEqual([{ type: "text", text: "Third try.", state: "done" }]);
    expect(reply?.metadata?.versions).toEqual([
      {
        timestamp: "2025-01-01T00:04:00.000Z",
        text: "Summarise the notes",
        parts: [{ type: "text", text: "First try." }],
      },
      {
        timestamp: "2025-01-01T00:05:00.000Z",
        text: "Summarise the attached notes",
        // Saved without parts: its text from its results.
        parts: [{ type: "text", text: "Second try." }],
        stopped: true,
      },
    ]);
  });

  it("reads a document chat with its document as the subject and its citations", async () => {
    const thread = (await (await read("ThreadDocument1")).json()) as ThreadResponse;
    expect(thread).toMatchObject({
      kind: "document",
      subject: { id: documentId, name: "lamp_notes.txt" },
    });
    expect(thread.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(thread.messages[1]?.parts).toContainEqual({
      type: "data-citations",
      data: [{ n: 1, quote: "colza oil", verified: true }],
    });
  });

  it("opens a new document chat (no turn saved yet) as an empty thread about its document", async () => {
    const asDocument = (threadId: string, subject: string, cookie = owner.cookie) =>
      h.request(`/api/threads/${threadId}?kind=document&subject=${subject}`, { cookie });
    const res = await asDocument("ThreadDocumentNew1", documentId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      threadId: "ThreadDocumentNew1",
      kind: "document",
      subject: { id: documentId, name: "lamp_notes.txt" },
      messages: [],
      entries: [],
    });
    // Without saying what it is expected to be, a thread with no turn is missing.
    expect((await read("ThreadDocumentNew1")).status).toBe(404);
    // The saved one, expected as what it is, reads as before; as anything else it is missing.
    const saved = (await (
      await asDocument("ThreadDocument1", documentId)
    ).json()) as ThreadResponse;
    expect(saved.messages).toHaveLength(2);
    for (const wrong of [
      asDocument("ThreadDocument1", "00000000-0000-4000-8000-000000000000"),
      h.request(`/api/threads/ThreadDocument1?kind=agent&subject=${documentId}`, {
        cookie: owner.cookie,
      }),
      asDocument("ThreadAgent1", documentId),
      h.request("/api/threads/ThreadDocumentNew1?kind=agent&subject=maya", {
        cookie: owner.cookie,
      }),
      h.request("/api/threads/ThreadDocumentNew1?kind=nope&subject=x", { cookie: owner.cookie }),
    ]) {
      const answer = await wrong;
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual(NOT_FOUND);
    }
    // Another user: the owner's document is not theirs to open a chat about, saved or new.
    for (const threadId of ["ThreadDocumentNew1", "ThreadDocument1"]) {
      const res = await asDocument(threadId, documentId, other.cookie);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
    // Anonymous callers are refused.
    const anonymous = await h.request(
      `/api/threads/ThreadDocumentNew1?kind=document&subject=${documentId}`,
      { anonId: "anon_1795000000000_aaaaaaaa" },
    );
    expect(anonymous.status).toBe(401);
  });

  it("refuses a half-given expectation with a clear message", async () => {
    const res = await h.request("/api/threads/ThreadDocument1?kind=document", {
      cookie: owner.cookie,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("Give both kind and subject, or neither.");
  });

  it("reads a research through its module, before its report exists", async () => {
    const thread = (await (await read("ThreadResearch1")).json()) as ThreadResponse;
    expect(thread.kind).toBe("research");
    expect(thread.subject?.name).toBe("How are solar panels recycled?");
    expect(thread.messages[0]?.parts).toEqual([
      { type: "text", text: "How are solar panels recycled?" },
    ]);
    expect(thread.messages[1]).toMatchObject({
      role: "assistant",
      parts: [],
      metadata: { status: "queued" },
    });
    expect(thread.entries).toEqual([]);
  });

  it("answers another user's thread of every kind exactly like a missing one", async () => {
    const missing = await read("ThreadMissing1");
    expect(missing.status).toBe(404);
    const body = await missing.json();
    expect(body).toEqual(NOT_FOUND);
    for (const threadId of [
      "ThreadAnswer1",
      "ThreadAgent1",
      "ThreadAgent2",
      "ThreadDocument1",
      "ThreadResearch1",
    ]) {
      const res = await read(threadId, other.cookie);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(body);
    }
    // A malformed id is missing too.
    expect((await read("bad%00id")).status).toBe(404);
  });

  it("is sign-in only: no credentials and any anonymous id are refused alike", async () => {
    for (const threadId of ["ThreadAnswer1", "ThreadAgent2", "ThreadDocument1"])
      expect((await h.request(`/api/threads/${threadId}`)).status).toBe(401);
    for (const anonId of ["anon_1795000000000_aaaaaaaa", "anon_1795000000000_bbbbbbbb"]) {
      for (const threadId of ["ThreadResearch1", "ThreadAgent2", "ThreadDocument1"]) {
        const res = await h.request(`/api/threads/${threadId}`, { anonId });
        expect(res.status).toBe(401);
      }
    }
  });
});
