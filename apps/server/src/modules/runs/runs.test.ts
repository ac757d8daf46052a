import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import {
  chunksOf,
  gates,
  held,
  TEST_CHAT_JOB,
  TEST_CHAT_QUEUE,
} from "../../../test/test-chat-job.ts";
import { JOB_DEFINITIONS } from "../../job-definitions.ts";
import * as runs from "./runs.service.ts";
import { chunksIn, readSse } from "./runs-test-kit.ts";

/**
 * Runs: a chat-like turn run as a job streams UI-message chunks into run_events; a client that
 * disconnects midway and reconnects with Last-Event-ID gets every chunk once, in order; cancel;
 * and the owner-only routes.
 */
const WORDS = Array.from({ length: 40 }, (_, i) => `word${i}`);

let h: Harness;
let owner: { cookie: string; userId: string };
let other: { cookie: string; userId: string };

beforeAll(async () => {
  h = await createHarness(
    {},
    { jobs: { definitions: [...JOB_DEFINITIONS, TEST_CHAT_JOB], retryLimit: 1 } },
  );
  owner = await h.signIn("runs-owner@nexus.test");
  other = await h.signIn("runs-other@nexus.test");
});
afterAll(async () => {
  await h.close();
});

async function startHeldRun(holdAfter: number) {
  const runId = crypto.randomUUID();
  const opener: { open?: () => void } = {};
  gates.set(
    runId,
    new Promise<void>((resolve) => {
      opener.open = resolve;
    }),
  );
  const open = () => opener.open?.();
  const reached = new Promise<void>((resolve) => held.set(runId, resolve));
  await runs.createRun(h.deps.db, {
    id: runId,
    userId: owner.userId,
    kind: "test-chat",
    subjectId: "thread-1",
  });
  await h.deps.jobs?.send(TEST_CHAT_QUEUE, { runId, words: WORDS, holdAfter });
  return { runId, open, reached };
}

describe("a chat turn run as a job", () => {
  it("reaches a client that disconnects midway and reconnects with Last-Event-ID: every chunk once, in order", async () => {
    const expected = chunksOf(WORDS);
    const { runId, open, reached } = await startHeldRun(25);
    await reached;
    // The first connection reads what is there and goes away while the turn is held.
    const first = await readSse(
      await h.request(`/api/runs/${runId}/events`, { cookie: owner.cookie }),
      (messages) => chunksIn(messages).length >= 25,
    );
    expect(first.ended).toBe(false);
    const lastId = first.messages.at(-1)?.id;
    expect(lastId).toBeDefined();
    open();
    const second = await readSse(
      await h.request(`/api/runs/${runId}/events`, {
        cookie: owner.cookie,
        headers: { "last-event-id": lastId ?? "" },
      }),
    );
    expect(second.ended).toBe(true);
    const received = [...chunksIn(first.messages), ...chunksIn(second.messages)];
    expect(received).toEqual(expected);
    // The stream ends on the run's status, after its last event.
    expect(second.messages.at(-1)).toEqual({ event: "status", data: '{"status":"succeeded"}' });
    // Batched: far fewer events than chunks (one per ready batch, not one per token).
    const ids = [...first.messages, ...second.messages].filter((m) => m.id !== undefined);
    expect(ids.length).toBeLessThan(expected.length / 4);
    expect(new Set(ids.map((m) => m.id)).size).toBe(ids.length);
    const run = await runs.findRun(h.deps, runId);
    expect(run?.status).toBe("succeeded");
    expect(run?.checkpoint).toEqual({ chunks: expected.length });
  });

  it("replays a finished run from any Last-Event-ID and ends on its status", async () => {
    const { runId, open, reached } = await startHeldRun(3);
    open();
    await reached;
    const whole = await readSse(
      await h.request(`/api/runs/${runId}/events`, { cookie: owner.cookie }),
    );
    expect(chunksIn(whole.messages)).toEqual(chunksOf(WORDS));
    const from = whole.messages[0]?.id ?? "";
    const rest = await readSse(
      await h.request(`/api/runs/${runId}/events?lastEventId=${from}`, { cookie: owner.cookie }),
    );
    expect([...chunksIn(whole.messages.slice(0, 1)), ...chunksIn(rest.messages)]).toEqual(
      chunksOf(WORDS),
    );
  });

  it("stops at its next step when its owner cancels it: the run ends cancelled", async () => {
    const { runId, open, reached } = await startHeldRun(10);
    await reached;
    const cancel = await h.request(`/api/runs/${runId}/cancel`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(cancel.status).toBe(202);
    expect(((await cancel.json()) as { cancelRequested: boolean }).cancelRequested).toBe(true);
    open();
    const stream = await readSse(
      await h.request(`/api/runs/${runId}/events`, { cookie: owner.cookie }),
    );
    expect(stream.messages.at(-1)).toEqual({ event: "status", data: '{"status":"cancelled"}' });
    expect(chunksIn(stream.messages)).toEqual(chunksOf(WORDS).slice(0, 10));
    const again = await h.request(`/api/runs/${runId}/cancel`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(again.status).toBe(409);
  });
});

describe("who may see a run", () => {
  it("answers another person, no one and a made-up id with the same 404", async () => {
    const { runId, open, reached } = await startHeldRun(2);
    open();
    await reached;
    const routes = [
      { path: `/api/runs/${runId}`, method: "GET" },
      { path: `/api/runs/${runId}/events`, method: "GET" },
      { path: `/api/runs/${runId}/cancel`, method: "POST" },
    ];
    const own = await h.request(`/api/runs/${runId}`, { cookie: owner.cookie });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { id: string }).id).toBe(runId);
    const bodies = new Set<string>();
    for (const { path, method } of routes) {
      for (const cookie of [other.cookie, undefined]) {
        const res = await h.request(path, { method, ...(cookie ? { cookie } : {}) });
        expect(res.status, `${method} ${path}`).toBe(404);
        bodies.add(await res.text());
      }
      const madeUp = path.replace(runId, crypto.randomUUID());
      const res = await h.request(madeUp, { method, cookie: owner.cookie });
      expect(res.status).toBe(404);
      bodies.add(await res.text());
      const malformed = await h.request(path.replace(runId, "nope"), {
        method,
        cookie: owner.cookie,
      });
      expect(malformed.status).toBe(404);
      bodies.add(await malformed.text());
    }
    expect(bodies.size).toBe(1);
    // Nobody else's cancel changed anything.
    expect((await runs.findRun(h.deps, runId))?.cancelRequestedAt).toBeNull();
  });
});
