import { schema } from "@nexus/db";
import type { UIMessageChunk } from "ai";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeBehaviour,
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { Caller, SessionUser } from "../../deps.ts";
import { JOB_DEFINITIONS } from "../../job-definitions.ts";
import { answerChat } from "../answer/answer.chat.ts";
import * as usage from "../usage/usage.service.ts";
import { chatRunQueue, defineChatRunJob, startChatRun } from "./runs.chat.ts";
import { RUN_INTERRUPTED_MESSAGE } from "./runs.jobs.ts";
import * as runs from "./runs.service.ts";
import { chunksIn, readSse } from "./runs-test-kit.ts";

/**
 * A real chat kind's turn (an answer: search, sources, the model) run as a durable job: its
 * UI-message chunks go to the run's events, it is saved and charged as a streamed answer is;
 * cancelling stops it (kept as stopped, refunded); an attempt after one that had streamed part of
 * the reply ends the run failed instead of streaming a second reply.
 */

let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;
const replies: FakeBehaviour[] = [];

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) =>
      request.stream
        ? (replies.shift() ?? { kind: "echo" })
        : { kind: "text", text: "Why?\nHow?\nWhen?" },
  });
  searxng = await startFakeSearxng();
  h = await createHarness(
    {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: "fake-model",
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: searxng.url,
    },
    {
      jobs: {
        definitions: [
          ...JOB_DEFINITIONS,
          defineChatRunJob(answerChat, { concurrency: () => 2, retryDelaySeconds: 1 }),
        ],
        retryLimit: 1,
      },
    },
  );
});
afterAll(async () => {
  await h?.close();
  await llm?.close();
  await searxng?.close();
});
beforeEach(() => {
  replies.length = 0;
});

async function signedIn(email: string) {
  const { cookie, userId } = await h.signIn(email);
  const caller: Caller = {
    user: { id: userId, tier: "free" } as SessionUser,
    anonId: null,
    ip: "::1",
  };
  return { cookie, userId, caller };
}

/** Accepts a question as POST /api/answer does (checked and charged) and runs it as a job. */
async function askAsRun(caller: Caller, question: string) {
  const { job } = await answerChat.accept({
    deps: h.deps,
    caller,
    params: {},
    body: { text: question, focusMode: "web", reasoning: false },
  });
  return { job, run: await startChatRun(h.deps, answerChat, job) };
}

const searchesUsed = async (caller: Caller) =>
  (await usage.check({ deps: h.deps, caller, counter: "search" })).current;

const rowsOf = (userId: string) =>
  h.db.db.select().from(schema.searchHistory).where(eq(schema.searchHistory.userId, userId));

const textIn = (chunks: UIMessageChunk[]) =>
  chunks.map((c) => (c.type === "text-delta" ? c.delta : "")).join("");

describe("a chat turn run as a job", () => {
  it("streams the answer into the run's events, saves it and keeps its charge", async () => {
    const { cookie, userId, caller } = await signedIn("chat-run@acme.com");
    replies.push({ kind: "text", text: "Tides follow the moon [1]." });
    const { job, run } = await askAsRun(caller, "Why are there tides?");
    const events = await readSse(await h.request(`/api/runs/${run.id}/events`, { cookie }));
    expect(events.ended).toBe(true);
    const chunks = chunksIn(events.messages);
    expect(chunks[0]).toMatchObject({ type: "start", messageId: job.entryId });
    expect(chunks.some((c) => c.type === "source-url")).toBe(true);
    expect(textIn(chunks)).toBe("Tides follow the moon [1].");
    expect(chunks.at(-1)?.type).toBe("finish");
    expect(events.messages.at(-1)).toEqual({ event: "status", data: '{"status":"succeeded"}' });
    const [row] = await rowsOf(userId);
    expect(row?.id).toBe(job.entryId);
    expect(row?.results).toMatchObject({ markdown: "Tides follow the moon [1]." });
    expect(await searchesUsed(caller)).toBe(1);
    expect((await runs.findRun(h.deps, run.id))?.result).toEqual({
      entryId: job.entryId,
      threadId: job.threadId,
    });
  });

  it("is stopped by cancel: kept as a stopped turn, refunded, the run cancelled", async () => {
    const { cookie, userId, caller } = await signedIn("chat-run-cancel@acme.com");
    replies.push({ kind: "text", text: "word ".repeat(400), delayMs: 20 });
    const { run } = await askAsRun(caller, "Tell me everything about tides");
    const first = await readSse(await h.request(`/api/runs/${run.id}/events`, { cookie }), (m) =>
      chunksIn(m).some((c) => c.type === "text-delta"),
    );
    expect(first.ended).toBe(false);
    const cancel = await h.request(`/api/runs/${run.id}/cancel`, { method: "POST", cookie });
    expect(cancel.status).toBeLessThan(300);
    const rest = await readSse(await h.request(`/api/runs/${run.id}/events`, { cookie }));
    expect(rest.messages.at(-1)).toEqual({ event: "status", data: '{"status":"cancelled"}' });
    expect(chunksIn(rest.messages).at(-1)).toMatchObject({
      type: "error",
      errorText: answerChat.stoppedText,
    });
    const [row] = await rowsOf(userId);
    const results = row?.results as { stopped?: boolean; markdown: string };
    expect(results.stopped).toBe(true);
    expect(results.markdown.length).toBeLessThan("word ".repeat(400).length);
    expect(await searchesUsed(caller)).toBe(0);
  });

  it("ends failed, never with a second reply, when an earlier attempt had streamed part of it", async () => {
    const { cookie, caller } = await signedIn("chat-run-crash@acme.com");
    const modelCalls = () => llm.requests.filter((r) => r.stream).length;
    const callsBefore = modelCalls();
    const { job } = await answerChat.accept({
      deps: h.deps,
      caller,
      params: {},
      body: { text: "Why are there tides?", focusMode: "web", reasoning: false },
    });
    // As a crashed attempt leaves it: three chunks written, the checkpoint saying so.
    const run = await runs.createRun(h.deps.db, {
      userId: caller.user?.id ?? "",
      kind: "chat:answer",
      subjectId: job.threadId,
    });
    await runs.appendEvent(h.deps, {
      runId: run.id,
      type: runs.UI_CHUNKS_EVENT,
      payload: {
        chunks: [
          { type: "start" },
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "Ti" },
        ],
      },
      checkpoint: { chunks: 3 },
    });
    await h.deps.jobs?.send(chatRunQueue(answerChat), { runId: run.id, chat: job });
    const events = await readSse(await h.request(`/api/runs/${run.id}/events`, { cookie }));
    expect(events.messages.at(-1)).toEqual({ event: "status", data: '{"status":"failed"}' });
    expect(chunksIn(events.messages)).toHaveLength(3);
    expect((await runs.findRun(h.deps, run.id))?.result).toEqual({
      message: RUN_INTERRUPTED_MESSAGE,
    });
    expect(modelCalls()).toBe(callsBefore);
  });
});
