import fs from "node:fs";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type FakeBehaviour,
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { APP_URL, createHarness, type Harness } from "../../../test/harness.ts";
import type { SessionUser } from "../../deps.ts";
import { forwardingMetrics, type MetricEvent } from "../../lib/metrics.ts";
import { agentChat } from "../../modules/agents/agents.chat.ts";
import { answerChat } from "../../modules/answer/answer.chat.ts";
import type { AnswerJob } from "../../modules/answer/answer.turn.ts";
import {
  hangUpMidAnswer,
  indexOf,
  metadataOf,
  parseStream,
  partOf,
  readUntil,
  textOf,
} from "../../modules/answer/answer-test-kit.ts";
import * as usage from "../../modules/usage/usage.service.ts";
import { WORKER_NICE_STEPS } from "./chat.worker-protocol.ts";
import { failedTextOf } from "./chat-kinds.ts";
import { type ChatWorkers, startChatWorkers } from "./chat-workers.ts";
import { type ChatJob, chatJobLost } from "./runners.ts";

/**
 * Answers run by a chat worker (a worker thread with its own database pool, as the server runs
 * them) give the same stream as in the main thread, stop the upstream request when the visitor
 * stops, and survive a worker that dies.
 */

let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;
let workers: ChatWorkers;
let answers: FakeBehaviour[] = [];
/** The metric events the workers sent the main thread. */
const recorded: MetricEvent[] = [];

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    handler: (request) => {
      if (request.stream) return answers.shift() ?? { kind: "echo" };
      return { kind: "text", text: "Why?\nHow high?\nWhen is low tide?" };
    },
  });
  searxng = await startFakeSearxng();
  const env = {
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: "fake-model",
    SEARCH_PROVIDER: "searxng",
    SEARXNG_URL: searxng.url,
  };
  h = await createHarness(env);
  workers = startChatWorkers({
    count: 1,
    url: new URL("./chat.worker-source.mjs", import.meta.url),
    setup: {
      databaseUrl: h.db.url,
      poolMax: 4,
      env: { ...env, APP_URL, DATA_DIR: "/tmp/nexus-unused", LOG_LEVEL: "silent" },
    },
    logger: h.deps.logger,
    onLost: (job) => chatJobLost(h.deps, job),
    failedText: (job) => failedTextOf(h.deps.chatKinds, job.kind),
    metrics: forwardingMetrics((event) => recorded.push(event)),
  });
  await workers.ready();
}, 60_000);
afterAll(async () => {
  await workers?.close();
  await h.close();
  await llm.close();
  await searxng.close();
});
beforeEach(() => {
  llm.reset();
  answers = [];
  h.deps.chatRunner = workers.run;
});

async function ask(cookie: string, text: string) {
  const res = await h.request("/api/answer", { method: "POST", body: { text }, cookie });
  return { res, chunks: parseStream(await res.text()) };
}

async function searchesUsed(cookie: string): Promise<number> {
  const body = (await (await h.request("/api/usage", { cookie })).json()) as {
    counters: { search: { current: number } };
  };
  return body.counters.search.current;
}

/** The nice value of each thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceValues(): number[] {
  return fs.readdirSync("/proc/self/task").map((tid) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[16]);
  });
}

/** The app on a real port, for a client that hangs up. */
describe("answer workers", () => {
  it("stream the same parts as the main thread and save the turn", async () => {
    const { cookie, userId } = await h.signIn("worker-same@acme.com");
    const viaWorker = await ask(cookie, "Why are there tides?");
    h.deps.chatRunner = undefined;
    const inThread = await ask(cookie, "Why are there tides?");

    expect(viaWorker.res.status).toBe(200);
    expect(viaWorker.res.headers.get("content-type")).toContain("text/event-stream");
    expect(viaWorker.res.headers.get("server-timing")).toMatch(/^app;dur=\d+(\.\d)?$/);
    // The main thread sends `start` itself; the worker sends the rest.
    expect(viaWorker.chunks[0]?.type).toBe("start");
    const types = (chunks: typeof viaWorker.chunks) => chunks.map((c) => c.type);
    expect(types(viaWorker.chunks)).toEqual(types(inThread.chunks));
    expect(textOf(viaWorker.chunks)).toBe(textOf(inThread.chunks));
    expect(partOf(viaWorker.chunks, "error")).toBeUndefined();
    expect(indexOf(viaWorker.chunks, "finish")).toBe(viaWorker.chunks.length - 1);

    const { entryId } = metadataOf(viaWorker.chunks, "finish");
    const [saved] = await h.db.db
      .select()
      .from(schema.searchHistory)
      .where(eq(schema.searchHistory.id, entryId ?? ""));
    expect(saved).toMatchObject({ userId, query: "Why are there tides?" });
    expect(saved?.results).toMatchObject({ markdown: textOf(viaWorker.chunks) });
    expect(await searchesUsed(cookie)).toBe(2);
  });

  it("send the main thread each chat's metric events with its output", async () => {
    const { cookie } = await h.signIn("worker-metrics@acme.com");
    recorded.length = 0;
    const { res } = await ask(cookie, "Why are there tides?");
    expect(res.status).toBe(200);
    await expect.poll(() => recorded.some((e) => e.type === "chat")).toBe(true);
    expect(recorded).toContainEqual(
      expect.objectContaining({ type: "chat", kind: "answer", outcome: "completed" }),
    );
    expect(recorded).toContainEqual(
      expect.objectContaining({ type: "search", provider: "searxng", ok: true }),
    );
    expect(recorded.filter((e) => e.type === "model" && e.ok).length).toBeGreaterThanOrEqual(1);
  });

  it("run below the main thread's CPU priority, so accepting requests comes first", () => {
    const main = Number(
      fs.readFileSync("/proc/thread-self/stat", "utf8").split(") ")[1]?.split(" ")[16],
    );
    expect(threadNiceValues()).toContain(Math.min(19, main + WORKER_NICE_STEPS));
  });

  it("stop the upstream model request when the visitor hangs up, and charge nothing", async () => {
    const { cookie } = await h.signIn("worker-abort@acme.com");
    answers.push({ kind: "text", text: "word ".repeat(400), delayMs: 20 });
    await hangUpMidAnswer(h.app.fetch, cookie);
    await llm.waitForAborts({ count: 1, timeoutMs: 5000 });
    await expect.poll(() => searchesUsed(cookie), { timeout: 5000 }).toBe(0);
  });

  it("end an answer whose worker dies with an error part, give the charge back, and go on", async () => {
    const { cookie } = await h.signIn("worker-lost@acme.com");
    answers.push({ kind: "text", text: "word ".repeat(400), delayMs: 20 });
    const res = await h.request("/api/answer", {
      method: "POST",
      body: { text: "Tell me everything about tides" },
      cookie,
    });
    const reader = res.body?.getReader();
    const started = await readUntil(reader, "text-delta");
    const [worker] = workers.threads();
    await worker?.terminate();
    const seen = await readUntil(reader, undefined, started);
    const chunks = parseStream(seen);
    expect(partOf(chunks, "error")?.errorText).toBe(answerChat.failedText);
    expect(partOf(chunks, "finish")).toBeUndefined();
    expect(seen.endsWith("data: [DONE]\n\n")).toBe(true);
    await expect.poll(() => searchesUsed(cookie), { timeout: 5000 }).toBe(0);

    // A new worker takes its place.
    await expect.poll(() => workers.threads()[0] !== worker, { timeout: 10_000 }).toBe(true);
    await workers.ready();
    const next = await ask(cookie, "Why are there tides?");
    expect(partOf(next.chunks, "finish")).toBeDefined();
    expect(await searchesUsed(cookie)).toBe(1);
  }, 30_000);
});

describe("agent replies in chat workers", () => {
  it("hold the conversation's unit while they run and give it back once when their worker dies", async () => {
    await workers.ready();
    const { cookie, userId } = await h.signIn("worker-lost-agent@acme.com");
    const caller = { user: { id: userId, tier: "free" } as SessionUser, anonId: null, ip: "::1" };
    await usage.consume({ deps: h.deps, caller, counter: "agentUsage", amount: 2 });
    const agentsUsed = async () =>
      (await usage.check({ deps: h.deps, caller, counter: "agentUsage" })).current;
    answers.push({ kind: "text", text: "word ".repeat(400), delayMs: 20 });
    const res = await h.request("/api/agents/writer/chat", {
      method: "POST",
      body: { id: "chat", messages: [{ role: "user", parts: [{ type: "text", text: "A poem" }] }] },
      cookie,
    });
    const reader = res.body?.getReader();
    const started = await readUntil(reader, "text-delta");
    expect(await agentsUsed()).toBe(3);
    const [worker] = workers.threads();
    await worker?.terminate();
    const chunks = parseStream(await readUntil(reader, undefined, started));
    expect(partOf(chunks, "error")?.errorText).toBe(agentChat.failedText);
    // Given back before the reply's end reached the person, and only once.
    expect(await agentsUsed()).toBe(2);
    await expect.poll(() => workers.threads()[0] !== worker, { timeout: 10_000 }).toBe(true);
    await workers.ready();
    expect(await agentsUsed()).toBe(2);
  }, 30_000);
});

describe("answer workers that cannot start", () => {
  it("fail each answer with an error part, give the charge back, and still close", async () => {
    // The replacement's delay and close's own time-out never fire: close must not wait for them.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const lost: ChatJob[] = [];
    const dying = startChatWorkers({
      count: 1,
      url: new URL("data:text/javascript,process.exit(3)"),
      setup: { databaseUrl: h.db.url, poolMax: 1, env: {} },
      logger: h.deps.logger,
      onLost: async (job) => {
        lost.push(job);
      },
      failedText: (job) => failedTextOf(h.deps.chatKinds, job.kind),
    });
    try {
      await expect(dying.ready()).rejects.toThrow("exited (code 3) while starting");
      const job: AnswerJob = {
        kind: "answer",
        caller: { user: null, anonId: null, ip: "127.0.0.1" },
        question: "Why are there tides?",
        focusMode: "web",
        reasoning: false,
        fileIds: [],
        attachments: [],
        entryId: "entry1",
        threadId: "entry1",
        continues: undefined,
        replaces: undefined,
        clientTurns: [],
      };
      const text = await readUntil(dying.run(job, new AbortController().signal).getReader());
      expect(partOf(parseStream(text), "error")?.errorText).toBe(answerChat.failedText);
      expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
      expect(lost).toEqual([job]);
      await dying.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
