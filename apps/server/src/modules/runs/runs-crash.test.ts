import { type ChildProcess, spawn } from "node:child_process";
import type { UIMessageChunk } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../../../e2e/support/server-process.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import {
  chunksOf,
  TEST_CHAT_JOBS,
  TEST_CHAT_ONCE_QUEUE,
  TEST_CHAT_QUEUE,
} from "../../../test/test-chat-job.ts";
import { JOB_DEFINITIONS } from "../../job-definitions.ts";
import { RUN_INTERRUPTED_MESSAGE } from "./runs.jobs.ts";
import * as runs from "./runs.service.ts";

/**
 * G10 for runs: a chat turn run as a job in another process that is SIGKILLed mid-turn. After the
 * dead instance's job expires, a surviving instance resumes it from its checkpoint (a client that
 * reconnects with Last-Event-ID gets every chunk once, in order), and a job with no attempt left
 * ends its run failed through the dead-letter queue: no run stays "running".
 */
const WORDS = Array.from({ length: 30 }, (_, i) => `crossing${i}`);
const HOLD = 12;

let h: Harness;
let owner: { cookie: string; userId: string };
let worker: ChildProcess | null = null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  h = await createHarness(
    { JOB_EXPIRE_SECONDS: "2", JOB_MAINTENANCE_SECONDS: "1" },
    { jobs: { workers: false, definitions: [...JOB_DEFINITIONS, ...TEST_CHAT_JOBS] } },
  );
  owner = await h.signIn("runs-crash@nexus.test");
});
afterAll(async () => {
  worker?.kill("SIGKILL");
  await h.close();
});

async function sseChunks(runId: string, options: { lastEventId?: string; until?: number }) {
  const res = await h.request(`/api/runs/${runId}/events`, {
    cookie: owner.cookie,
    headers: options.lastEventId ? { "last-event-id": options.lastEventId } : {},
  });
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error("no body");
  const chunks: UIMessageChunk[] = [];
  const types: string[] = [];
  let lastId = options.lastEventId ?? "";
  let status = "";
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { chunks, types, lastId, status };
    buffer += value;
    for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const id = /^id: ?(.*)$/m.exec(block)?.[1];
      const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? "";
      if (/^event: ?status$/m.test(block)) status = (JSON.parse(data) as { status: string }).status;
      else if (id) {
        lastId = id;
        const event = JSON.parse(data) as { type: string; payload: { chunks?: UIMessageChunk[] } };
        types.push(event.type);
        chunks.push(...(event.payload.chunks ?? []));
      }
      if (options.until !== undefined && chunks.length >= options.until) {
        await reader.cancel();
        return { chunks, types, lastId, status };
      }
    }
  }
}

async function startRun(queue: string): Promise<string> {
  const run = await runs.createRun(h.deps.db, {
    userId: owner.userId,
    kind: "test-chat",
    subjectId: "crash-thread",
  });
  await h.deps.jobs?.send(queue, { runId: run.id, words: WORDS, holdAfter: HOLD });
  return run.id;
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await sleep(200);
}

describe("a run whose instance is SIGKILLed mid-turn", () => {
  it("resumes from its checkpoint on another instance, or ends failed: never stuck", {
    timeout: 120_000,
  }, async () => {
    const resumed = await startRun(TEST_CHAT_QUEUE);
    const once = await startRun(TEST_CHAT_ONCE_QUEUE);
    worker = spawn(
      process.execPath,
      ["--import", "tsx", "apps/server/test/scripts/run-job-worker.ts", h.db.url],
      { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    worker.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    worker.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    // Both turns are held by the worker mid-turn, their first chunks written.
    const heldBoth = async () => {
      const rows = await Promise.all([resumed, once].map((id) => runs.findRun(h.deps, id)));
      return rows.every((r) => r?.status === "running" && r.checkpoint?.chunks === HOLD);
    };
    await until(heldBoth, 60_000);
    expect(await heldBoth(), output).toBe(true);
    const first = await sseChunks(resumed, { until: HOLD });
    expect(first.chunks).toEqual(chunksOf(WORDS).slice(0, HOLD));

    const killed = new Promise((resolve) => worker?.once("exit", resolve));
    worker.kill("SIGKILL");
    await killed;
    worker = null;
    // This instance takes over: the dead one's jobs expire (2 s) and are retried or given up.
    await h.jobs?.startWorkers();

    const rest = await sseChunks(resumed, { lastEventId: first.lastId });
    expect([...first.chunks, ...rest.chunks]).toEqual(chunksOf(WORDS));
    expect(rest.status).toBe("succeeded");

    const ended = await sseChunks(once, {});
    expect(ended.status).toBe("failed");
    expect(ended.chunks).toEqual(chunksOf(WORDS).slice(0, HOLD));
    expect(ended.types.at(-1)).toBe("failed");
    const failed = await runs.findRun(h.deps, once);
    expect(failed?.result).toEqual({ message: RUN_INTERRUPTED_MESSAGE });
    expect((await runs.findRun(h.deps, resumed))?.checkpoint).toEqual({
      chunks: chunksOf(WORDS).length,
    });
  });
});
