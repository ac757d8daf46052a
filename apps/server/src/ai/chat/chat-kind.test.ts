import type {
  HistoryPage,
  MyShare,
  MyShareList,
  PublicShare,
  ThreadResponse,
} from "@nexus/contracts";
import { schema } from "@nexus/db";
import { tool } from "ai";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type FakeBehaviour,
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { AppEnv } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { alphanumericId } from "../../lib/ids.ts";
import {
  hangUpMidAnswer,
  parseStream,
  partOf,
  textOf,
} from "../../modules/answer/answer-test-kit.ts";
import * as usage from "../../modules/usage/usage.service.ts";
import type { ChatJob, ChatKind } from "./chat-kinds.ts";
import { startChat } from "./start-chat.ts";

/**
 * A chat kind defined in this one file (its prompt and one tool), registered with the test's
 * server and given one route line: the runtime streams it, saves it, charges it, refunds it when
 * it fails or is stopped, keeps the stopped turn and lets it be regenerated — no other file knows
 * it (ARCHITECTURE.md §3.1).
 */

interface NoteJob extends ChatJob {
  kind: "test-note";
  text: string;
}
const noteRequest = z.object({
  text: z.string().min(1).max(500),
  threadId: z.string().optional(),
  regenerate: z.string().optional(),
});

const noteKind: ChatKind<NoteJob, z.infer<typeof noteRequest>, { tools: number }> = {
  kind: "test-note",
  label: "Note",
  link: ({ threadId }) => `/app/notes/${threadId}`,
  share: { keepsParts: true },
  request: noteRequest,
  failedText: "The note failed.",
  stoppedText: "The note was stopped.",
  async accept({ deps, caller, body }) {
    if (!caller.user) throw new AppError("unauthorized");
    const charged = await usage.consume({ deps, caller, counter: "search" });
    if (!charged.allowed)
      throw usage.quotaExceeded(deps, { ...charged, counter: "search" }, "No notes left.");
    const entryId = alphanumericId();
    const job: NoteJob = {
      kind: "test-note",
      caller,
      entryId,
      threadId: body.threadId ?? entryId,
      replaces: body.regenerate,
      reasoning: false,
      text: body.text,
    };
    return { job };
  },
  model: (deps) => deps.models.chatModel({ reasoning: false }),
  metadata: (job, model) => ({ entryId: job.entryId, threadId: job.threadId, model: model.id }),
  state: () => ({ tools: 0 }),
  async prepare(ctx) {
    return {
      call: {
        system: "You count the words of notes.",
        messages: [{ role: "user", content: ctx.job.text }],
        tools: {
          "count-words": tool({
            description: "Counts the words of a text",
            inputSchema: z.object({ text: z.string() }),
            execute: async ({ text }) => {
              ctx.state.tools++;
              return { count: text.split(/\s+/).filter(Boolean).length };
            },
          }),
        },
      },
    };
  },
  // What the turn keeps: the runtime saves it as this kind's, in history.
  record: (ctx, { stopped }) => ({
    query: ctx.job.text,
    results: {
      markdown: ctx.turn.text,
      tools: ctx.state.tools,
      ...(stopped ? { stopped } : {}),
    },
    subjectId: "test-note",
    parts: ctx.turn.parts.map((p) => ({ ...p })),
  }),
  // Its charge, declared once: consumed on accept, given back unless the turn completed.
  charge: {
    settle: async (deps, job, end) => {
      if (end !== "completed") await usage.refund({ deps, caller: job.caller, counter: "search" });
    },
  },
};

let h: Harness;
let llm: FakeOpenAIServer;
const replies: FakeBehaviour[] = [];

beforeAll(async () => {
  llm = await startFakeOpenAIServer({ handler: () => replies.shift() ?? { kind: "echo" } });
  h = await createHarness(
    { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: "fake-model" },
    {
      chatKinds: [noteKind],
      routes: (deps) => [
        ["/notes", new Hono<AppEnv>().post("/", (c) => startChat(c, deps, noteKind))],
      ],
    },
  );
});
afterAll(async () => {
  await h?.close();
  await llm?.close();
});
beforeEach(() => {
  replies.length = 0;
});

async function note(cookie: string, body: Record<string, unknown>) {
  const res = await h.request("/api/notes", { method: "POST", body, cookie });
  return { status: res.status, chunks: parseStream(await res.text()) };
}

async function used(cookie: string): Promise<number> {
  const res = await h.request("/api/usage", { cookie });
  return ((await res.json()) as { counters: { search: { current: number } } }).counters.search
    .current;
}

const rowsOf = (userId: string) =>
  h.db.db.select().from(schema.searchHistory).where(eq(schema.searchHistory.userId, userId));

describe("a chat kind registered by one file", () => {
  it("streams the model's tool call and text, saves the turn with its parts, and charges once", async () => {
    const { cookie, userId } = await h.signIn("note-kind@acme.com");
    replies.push(
      {
        kind: "tool-calls",
        calls: [{ name: "count-words", arguments: { text: "one two three" } }],
      },
      { kind: "text", text: "Your note has 3 words." },
    );
    const { status, chunks } = await note(cookie, { text: "one two three" });
    expect(status).toBe(200);
    expect(partOf(chunks, "start")?.messageMetadata).toMatchObject({ model: "fake-model" });
    expect(partOf(chunks, "tool-output-available")?.output).toEqual({ count: 3 });
    expect(textOf(chunks)).toBe("Your note has 3 words.");
    expect(partOf(chunks, "finish")).toBeDefined();
    // The kind's own prompt and tool reached the model.
    expect(llm.requests[0]?.messages[0]).toMatchObject({ role: "system" });
    expect(String(llm.requests[0]?.messages[0]?.content)).toContain("count the words");
    const [row] = await rowsOf(userId);
    expect(row?.kind).toBe("test-note");
    expect(row?.subjectId).toBe("test-note");
    expect(row?.results).toMatchObject({ markdown: "Your note has 3 words.", tools: 1 });
    expect(((row?.parts ?? []) as { type: string }[]).map((p) => p.type)).toEqual([
      "tool-count-words",
      "text",
    ]);
    expect(await used(cookie)).toBe(1);
  });

  it("refunds a failed turn, says what failed, and keeps nothing", async () => {
    const { cookie, userId } = await h.signIn("note-fails@acme.com");
    for (let i = 0; i < 5; i++) replies.push({ kind: "status", status: 500 });
    const { chunks } = await note(cookie, { text: "a note" });
    expect(partOf(chunks, "error")?.errorText).toMatch(/did not answer \(HTTP 500\)/);
    expect(partOf(chunks, "finish")).toBeUndefined();
    expect(await used(cookie)).toBe(0);
    expect(await rowsOf(userId)).toHaveLength(0);
  });

  it("keeps a stopped turn as far as it got, refunded, and regenerating it completes it", async () => {
    const { cookie, userId } = await h.signIn("note-stopped@acme.com");
    replies.push({ kind: "text", text: "word ".repeat(400), delayMs: 20 });
    await hangUpMidAnswer(h.app.fetch, cookie, {
      path: "/api/notes",
      body: { text: "a long note" },
    });
    await expect.poll(async () => (await rowsOf(userId)).length, { timeout: 5000 }).toBe(1);
    const [stopped] = await rowsOf(userId);
    const partial = stopped?.results as { stopped?: boolean; markdown: string };
    expect(partial.stopped).toBe(true);
    expect(partial.markdown).toMatch(/^word /);
    expect(partial.markdown.length).toBeLessThan("word ".repeat(400).length);
    await expect.poll(() => used(cookie), { timeout: 5000 }).toBe(0);

    replies.push({ kind: "text", text: "Done in full." });
    const again = await note(cookie, {
      text: "a long note",
      threadId: stopped?.threadId,
      regenerate: stopped?.id,
    });
    expect(textOf(again.chunks)).toBe("Done in full.");
    const rows = await rowsOf(userId);
    expect(rows).toHaveLength(1);
    // The stopped version is kept with the new one (the thread shows 1/2, 2/2).
    const { versions, ...latest } = (rows[0]?.results ?? {}) as {
      versions?: Record<string, unknown>[];
    };
    expect(latest).toEqual({ markdown: "Done in full.", tools: 0 });
    expect(versions).toHaveLength(1);
    expect(versions?.[0]).toMatchObject({
      query: "a long note",
      results: { stopped: true, markdown: partial.markdown },
    });
    expect(await used(cookie)).toBe(1);
  });

  it("refuses a bad body and an anonymous caller, and charges nothing", async () => {
    const { cookie } = await h.signIn("note-refused@acme.com");
    expect((await h.request("/api/notes", { method: "POST", body: {}, cookie })).status).toBe(400);
    const anonymous = await h.request("/api/notes", { method: "POST", body: { text: "hi" } });
    expect(anonymous.status).toBe(401);
    expect(await used(cookie)).toBe(0);
  });
});

describe("a kind is declared once: one module file and one registry line", () => {
  it("lists the new kind in History with its label, reads it back, shares it and deletes it", async () => {
    const { cookie } = await h.signIn("note-everywhere@acme.com");
    replies.push({ kind: "text", text: "Milk, noted." });
    const { chunks } = await note(cookie, { text: "remember the milk" });
    expect(textOf(chunks)).toBe("Milk, noted.");
    const threadId = String(
      (partOf(chunks, "start")?.messageMetadata as { threadId?: string } | undefined)?.threadId,
    );

    // History lists it as its declaration presents it.
    const history = (await (await h.request("/api/history", { cookie })).json()) as HistoryPage;
    expect(history.threads).toHaveLength(1);
    expect(history.threads[0]).toMatchObject({
      threadId,
      title: "remember the milk",
      kind: "test-note",
      label: "Note",
      href: `/app/notes/${threadId}`,
      badge: null,
    });

    // The thread API reads it back as UI messages.
    const read = await h.request(`/api/threads/${threadId}`, { cookie });
    expect(read.status).toBe(200);
    const thread = (await read.json()) as ThreadResponse;
    expect(thread.kind).toBe("test-note");
    expect(thread.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(thread.messages[0]?.parts).toEqual([{ type: "text", text: "remember the milk" }]);
    expect(thread.messages[1]?.parts).toContainEqual(
      expect.objectContaining({ type: "text", text: "Milk, noted." }),
    );

    // It is shared with its parts, and Settings' list names its kind.
    const created = await h.request("/api/shares", { method: "POST", body: { threadId }, cookie });
    expect(created.status).toBeLessThan(300);
    const { shareId } = (await created.json()) as MyShare;
    const mine = (await (await h.request("/api/shares", { cookie })).json()) as MyShareList;
    expect(mine.shares).toEqual([
      expect.objectContaining({ shareId, chatKind: "test-note", chatLabel: "Note" }),
    ]);
    const shared = (await (await h.request(`/api/shares/${shareId}`)).json()) as PublicShare;
    if (shared.kind !== "thread") throw new Error("expected a thread share");
    expect(shared.thread.messages[0]).toMatchObject({ content: "Milk, noted." });
    expect(shared.thread.messages[0]?.parts).toContainEqual(
      expect.objectContaining({ type: "text", text: "Milk, noted." }),
    );

    // Deleting it removes the thread and ends its share.
    const deleted = await h.request(`/api/threads/${threadId}`, { method: "DELETE", cookie });
    expect(deleted.status).toBe(204);
    expect((await h.request(`/api/threads/${threadId}`, { cookie })).status).toBe(404);
    expect((await h.request(`/api/shares/${shareId}`)).status).toBe(404);
    const after = (await (await h.request("/api/history", { cookie })).json()) as HistoryPage;
    expect(after.threads).toEqual([]);
  });
});
