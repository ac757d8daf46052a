import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../../../../e2e/support/server-process.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { JOB_DEFINITIONS } from "../../job-definitions.ts";
import { startJobRuntime } from "../../jobs/runtime.ts";
import * as runs from "../runs/runs.service.ts";
import {
  agentUnitsUsed,
  ended,
  readEvents,
  type SseEvent,
  sleep,
  startResearch,
} from "./research-test-kit.ts";

/**
 * G10 for research runs, against a SearXNG stand-in that counts every search: a step in flight
 * when its instance is SIGKILLed is the only one done twice; a reader that reconnects with
 * Last-Event-ID gets every event once; cancel aborts the request in flight and charges nothing;
 * two instances on one database run each step once.
 */
const QUESTIONS = ["alpha tides question", "bravo tides question", "charlie tides question"];
/** Searches for this query are held (never answered) while `hold` is on. */
const HELD = QUESTIONS[1] as string;

let hold = false;
const searched: string[] = [];
let heldClosed = 0;
let searxng: http.Server;
let h: Harness;
let owner: { cookie: string; userId: string };
let worker: ChildProcess | null = null;

beforeAll(async () => {
  searxng = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const q = url.searchParams.get("q") ?? "";
    if (url.pathname !== "/search") return void res.writeHead(404).end();
    searched.push(q);
    if (hold && q.includes(HELD)) {
      res.on("close", () => heldClosed++);
      return;
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        query: q,
        results: [1, 2].map((n) => ({
          // Refused by the web fetcher at once (a loopback address): found, never read.
          url: `http://127.0.0.1:9/${encodeURIComponent(q)}/${n}`,
          title: `${q} result ${n}`,
          content: `What a page says about ${q}.`,
        })),
      }),
    );
  });
  await new Promise<void>((resolve) => searxng.listen(0, "127.0.0.1", resolve));
  const env = {
    SEARCH_PROVIDER: "searxng",
    SEARXNG_URL: `http://127.0.0.1:${(searxng.address() as AddressInfo).port}`,
  };
  h = await createHarness(
    { ...env, JOB_EXPIRE_SECONDS: "2", JOB_MAINTENANCE_SECONDS: "1" },
    { jobs: { workers: false } },
  );
  owner = await h.signIn("research-crash@nexus.test");
  (globalThis as { researchWorkerEnv?: string }).researchWorkerEnv = JSON.stringify(env);
});
afterAll(async () => {
  worker?.kill("SIGKILL");
  await h.close();
  searxng.closeAllConnections();
  await new Promise((resolve) => searxng.close(resolve));
});

async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await sleep(100);
}

const count = (list: readonly string[], q: string) => list.filter((s) => s.includes(q)).length;

/** Each step's "done" events, by step id: every step ends once. */
function doneSteps(events: readonly SseEvent[]): Map<string, number> {
  const done = new Map<string, number>();
  for (const e of events)
    if (e.type === "research-step" && e.payload.status === "done") {
      const id = String(e.payload.id);
      done.set(id, (done.get(id) ?? 0) + 1);
    }
  return done;
}

const start = () =>
  startResearch(h, owner.cookie, {
    question: "How do tides work?",
    depth: "quick",
    sources: "web",
    subQuestions: QUESTIONS,
  });

describe("a research run whose instance stops (SIGTERM) mid-step", () => {
  it("hands the step in flight to another instance at once, which finishes the run", {
    timeout: 60_000,
  }, async () => {
    searched.length = 0;
    hold = true;
    const research = await start();
    const stopping = { ...h.deps, lifecycle: { draining: false } };
    const first = await startJobRuntime({
      deps: stopping,
      url: h.db.url,
      definitions: JOB_DEFINITIONS,
      pollingIntervalSeconds: 0.5,
    });
    await until(() => count(searched, HELD) === 1, 30_000);
    expect(count(searched, HELD)).toBe(1);
    // main.ts's shutdown: draining, then the job runtime stops. The held search is aborted and
    // its step handed over; the stop does not wait for the held request.
    stopping.lifecycle.draining = true;
    Object.assign(stopping.lifecycle, { jobsStopping: true });
    await first.stop(30_000);
    expect(heldClosed).toBeGreaterThan(0);
    hold = false;
    // Another instance (its own deps: this harness's stay as they are for the tests below).
    const second = await startJobRuntime({
      deps: { ...h.deps, lifecycle: { draining: false } },
      url: h.db.url,
      definitions: JOB_DEFINITIONS,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const { events, status } = await readEvents(h, owner.cookie, research.runId);
      expect(status).toBe("succeeded");
      expect(QUESTIONS.map((q) => count(searched, q))).toEqual([1, 2, 1]);
      for (const [id, n] of doneSteps(events)) expect(n, id).toBe(1);
      expect(events.some((e) => e.type === "failed")).toBe(false);
    } finally {
      await second.stop(2_000);
    }
  });
});

describe("a research run whose instance is SIGKILLed mid-step", () => {
  it("resumes on another instance; only the step in flight is done twice", {
    timeout: 120_000,
  }, async () => {
    searched.length = 0;
    hold = true;
    const research = await start();
    worker = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "apps/server/test/scripts/run-job-worker.ts",
        h.db.url,
        (globalThis as { researchWorkerEnv?: string }).researchWorkerEnv ?? "{}",
      ],
      { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    worker.stdout?.on("data", (d: Buffer) => (output += d.toString()));
    worker.stderr?.on("data", (d: Buffer) => (output += d.toString()));
    // The first question is done; the second one's search is in flight, held.
    await until(() => count(searched, HELD) === 1, 60_000);
    expect(count(searched, HELD), output).toBe(1);
    const first = await readEvents(h, owner.cookie, research.runId, {
      until: (events) => doneSteps(events).has(`notes-1`),
    });

    const killed = new Promise((resolve) => worker?.once("exit", resolve));
    worker.kill("SIGKILL");
    await killed;
    worker = null;
    hold = false;
    await h.jobs?.startWorkers();

    const rest = await readEvents(h, owner.cookie, research.runId, { lastEventId: first.lastId });
    expect(rest.status).toBe("succeeded");
    const events = [...first.events, ...rest.events];
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    // Searches: the held one twice (its step was in flight), every other once.
    expect(QUESTIONS.map((q) => count(searched, q))).toEqual([1, 2, 1]);
    for (const [id, n] of doneSteps(events)) expect(n, id).toBe(1);
    expect(doneSteps(events).has("report")).toBe(true);
    const item = await ended(h, owner.cookie, research.threadId);
    expect(item.status).toBe("succeeded");
    expect(item.sourcesFound).toBeGreaterThan(0);
    expect(item.sourcesRead).toBe(0);
  });
});

describe("cancelling a research", () => {
  it("aborts the search in flight, ends cancelled and charges nothing", {
    timeout: 60_000,
  }, async () => {
    const before = await agentUnitsUsed(h, owner.cookie);
    searched.length = 0;
    heldClosed = 0;
    hold = true;
    const research = await start();
    await until(() => count(searched, HELD) === 1, 30_000);
    expect(count(searched, HELD)).toBe(1);
    expect(await agentUnitsUsed(h, owner.cookie)).toBe(before + 1);
    const res = await h.request(`/api/runs/${research.runId}/cancel`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(res.status).toBe(202);
    // The held search never answers: the run ends only because its request was aborted.
    const item = await ended(h, owner.cookie, research.threadId, 30_000);
    expect(item.status).toBe("cancelled");
    await until(() => heldClosed > 0, 5_000);
    expect(heldClosed).toBe(1);
    expect(count(searched, QUESTIONS[2] as string)).toBe(0);
    // The unit is given back by the run's ending hook, just after its status is written.
    await until(async () => (await agentUnitsUsed(h, owner.cookie)) === before, 5_000);
    expect(await agentUnitsUsed(h, owner.cookie)).toBe(before);
    hold = false;
  });
});

describe("two instances on one database", () => {
  it("run each step of a research once", { timeout: 60_000 }, async () => {
    // Jobs expire after their usual 15 minutes here (this file's 2 s stand for a crashed
    // instance): on a busy machine a slower step is not taken for dead and run again.
    const env = JSON.parse(
      (globalThis as { researchWorkerEnv?: string }).researchWorkerEnv ?? "{}",
    ) as Record<string, string>;
    const one = await createHarness(env, { jobs: { workers: false } });
    const person = await one.signIn("research-two-instances@nexus.test");
    await one.jobs?.startWorkers();
    const second = await startJobRuntime({
      deps: { ...one.deps, lifecycle: { draining: false } },
      url: one.db.url,
      definitions: JOB_DEFINITIONS,
      pollingIntervalSeconds: 0.5,
    });
    try {
      searched.length = 0;
      const begin = () =>
        startResearch(one, person.cookie, {
          question: "How do tides work?",
          depth: "quick",
          sources: "web",
          subQuestions: QUESTIONS,
        });
      const researches = await Promise.all([begin(), begin(), begin()]);
      for (const research of researches) {
        const { events, status } = await readEvents(one, person.cookie, research.runId);
        expect(status).toBe("succeeded");
        for (const [id, n] of doneSteps(events)) expect(n, id).toBe(1);
        const run = await runs.findRun(one.deps, research.runId);
        expect(run?.status).toBe("succeeded");
      }
      expect(QUESTIONS.map((q) => count(searched, q))).toEqual([3, 3, 3]);
    } finally {
      await second.stop(2_000);
      await one.close();
    }
  });
});
