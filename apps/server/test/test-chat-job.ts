import type { UIMessageChunk } from "ai";
import { defineRunJob, type RunJobData } from "../src/modules/runs/runs.jobs.ts";

/**
 * A chat-like run kind for tests: streams a text turn (text-start, one text-delta per word,
 * text-end) into its run's events through the runs module's writer, as a chat turn run as a job
 * does. Resumes after the chunks an earlier attempt wrote (the writer's checkpoint).
 */
export const TEST_CHAT_QUEUE = "test-chat";

export interface TestChatJob extends RunJobData {
  words: string[];
  /** On the first attempt, wait after this many chunks (a gate the test opens, or forever). */
  holdAfter?: number;
}

/** Gates by run id: the first attempt of that run waits at `holdAfter` until it resolves. */
export const gates = new Map<string, Promise<void>>();
/** Resolved when the run reached its hold (by run id). */
export const held = new Map<string, () => void>();

export function chunksOf(words: readonly string[]): UIMessageChunk[] {
  return [
    { type: "start" },
    { type: "text-start", id: "t1" },
    ...words.map((w): UIMessageChunk => ({ type: "text-delta", id: "t1", delta: `${w} ` })),
    { type: "text-end", id: "t1" },
    { type: "finish" },
  ];
}

export const TEST_CHAT_JOB = defineRunJob<TestChatJob>({
  name: TEST_CHAT_QUEUE,
  retryDelaySeconds: 1,
  concurrency: () => 2,
  failedText: "The test turn failed.",
  async work(_deps, job, run) {
    const chunks = chunksOf(job.data.words);
    const hold = job.retryCount === 0 ? job.data.holdAfter : undefined;
    for (let i = run.writer.written; i < chunks.length; i++) {
      if (i === hold) {
        await run.writer.flush();
        held.get(run.run.id)?.();
        await (gates.get(run.run.id) ?? new Promise<void>(() => undefined));
        await run.step();
      }
      const chunk = chunks[i];
      if (chunk) run.writer.write(chunk);
    }
    await run.writer.flush();
    return { chunks: chunks.length };
  },
});

/** The same kind with no retry: a crash on its only attempt leaves it to the dead-letter queue. */
export const TEST_CHAT_ONCE_QUEUE = "test-chat-once";
export const TEST_CHAT_ONCE_JOB = { ...TEST_CHAT_JOB, name: TEST_CHAT_ONCE_QUEUE, retryLimit: 0 };

export const TEST_CHAT_JOBS = [TEST_CHAT_JOB, TEST_CHAT_ONCE_JOB];
