import type { ResearchItem, ResearchStep } from "@nexus/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import * as usage from "../usage/usage.service.ts";
import { RESEARCH_QUOTA_MESSAGE } from "./research.service.ts";
import {
  corpusOf,
  defaultScript,
  kindOf,
  type ModelScript,
  modelHandler,
  PAGE_HOST,
  type Pages,
  resolveToPages,
  signedIn,
  startPages,
} from "./research-engine-kit.ts";
import {
  agentUnitsUsed,
  ended,
  readEvents,
  reportText,
  type SseEvent,
  sleep,
} from "./research-test-kit.ts";

/**
 * G9 for deep research with a model, counted at the fake model server: planning is refused at the
 * agent quota with the start's wall and rate-limited per account and per address before any model
 * call; parallel starts with one unit left reach the model for one run only; and a cancel at each
 * stage is charged as settle() documents: given back before the report began, kept once the
 * report's first words were written (the part written stays readable).
 */
const AGENT_LIMIT = 3;
const PLAN_LIMIT = 5;

let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;
let pages: Pages;
let script: ModelScript;

beforeAll(async () => {
  pages = await startPages();
  llm = await startFakeOpenAIServer({ handler: modelHandler(() => script) });
  searxng = await startFakeSearxng({ corpus: { general: [] } });
  h = await createHarness(
    {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: "fake-model",
      SEARCH_PROVIDER: "searxng",
      SEARXNG_URL: searxng.url,
      TIER_LIMITS: `free.agent=${AGENT_LIMIT}`,
      RESEARCH_PLAN_RATE_LIMIT: String(PLAN_LIMIT),
      TRUST_PROXY: "1",
    },
    { webFetch: { resolve: resolveToPages, allowAddresses: [PAGE_HOST] }, jobs: true },
  );
});
afterAll(async () => {
  await h.close();
  await llm.close();
  await searxng.close();
  await pages.close();
});
beforeEach(() => {
  llm.reset();
  script = defaultScript();
  pages.delayMs = 0;
  searxng.mode = "ok";
  searxng.corpus.general = corpusOf(pages, ["alpha", "beta", "gamma"]);
});

async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await sleep(100);
}

const modelCalls = (kind: ReturnType<typeof kindOf>) =>
  llm.requests.filter((r) => r.path === "/v1/chat/completions" && kindOf(r) === kind).length;
const chatCalls = () => llm.requests.filter((r) => r.path === "/v1/chat/completions").length;

/** Uses `n` agent units of the person (as research or agent chats would have). */
async function useUnits(email: string, n: number) {
  const person = await signedIn(h, email);
  if (n > 0)
    await usage.consume({ deps: h.deps, caller: person.caller, counter: "agentUsage", amount: n });
  return person;
}

const plan = (cookie: string, forwardedFor: string) =>
  h.request("/api/research/plan", {
    method: "POST",
    cookie,
    forwardedFor,
    body: { question: "How well are solar panels recycled today?", depth: "quick", sources: "web" },
  });

const start = (cookie: string, question = "How well are solar panels recycled today?") =>
  h.request("/api/research", {
    method: "POST",
    cookie,
    forwardedFor: "203.0.113.50",
    body: { question, depth: "quick", sources: "web" },
  });

describe("planning a research (G9)", () => {
  it("refuses 30 parallel plans and 10 starts at the agent limit with one wall; none reaches the model", async () => {
    const person = await useUnits("plan-at-limit@nexus.test", AGENT_LIMIT);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => plan(person.cookie, "203.0.113.10")),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 30 }, () => 429));
    const bodies = (await Promise.all(results.map((r) => r.json()))) as Array<{
      error: { code: string; message: string };
      details: { counter: string };
    }>;
    const started = await start(person.cookie);
    expect(started.status).toBe(429);
    const wall = (await started.json()) as (typeof bodies)[number];
    expect(wall.error).toEqual({ code: "quota_exceeded", message: RESEARCH_QUOTA_MESSAGE });
    for (const body of bodies) {
      expect(body.error).toEqual(wall.error);
      expect(body.details.counter).toBe("agentUsage");
    }
    // Ten parallel starts at the limit: all refused the same way.
    const starts = await Promise.all(Array.from({ length: 10 }, () => start(person.cookie)));
    expect(starts.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 429));
    const research = (await (
      await h.request("/api/research", { cookie: person.cookie })
    ).json()) as {
      items: unknown[];
    };
    expect(research.items).toEqual([]);
    expect(chatCalls()).toBe(0);
    expect(await agentUnitsUsed(h, person.cookie)).toBe(AGENT_LIMIT);
  });

  it("lets at most the rate limit of parallel plans reach the model, per account and per address", async () => {
    // One account: PLAN_LIMIT of 30 are planned (one model call each), the rest 429.
    const one = await useUnits("plan-burst@nexus.test", 0);
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => plan(one.cookie, "203.0.113.20")),
    );
    const ok = burst.filter((r) => r.status === 200).length;
    expect(ok).toBe(PLAN_LIMIT);
    expect(burst.filter((r) => r.status === 429).length).toBe(30 - PLAN_LIMIT);
    expect(modelCalls("plan")).toBe(PLAN_LIMIT);
    // Planning takes no unit.
    expect(await agentUnitsUsed(h, one.cookie)).toBe(0);

    // Four accounts behind one address: each within its own limit, the address's (3×) decides.
    llm.reset();
    const people = await Promise.all(
      [1, 2, 3, 4].map((i) => useUnits(`plan-shared-${i}@nexus.test`, 0)),
    );
    const shared = await Promise.all(
      people.flatMap((p) => Array.from({ length: 8 }, () => plan(p.cookie, "203.0.113.30"))),
    );
    expect(shared.filter((r) => r.status === 200).length).toBe(PLAN_LIMIT * 3);
    expect(modelCalls("plan")).toBe(PLAN_LIMIT * 3);
  });
});

describe("starting research (G9)", () => {
  it("starts one of 10 parallel starts with one unit left; only that run reaches the model", {
    timeout: 60_000,
  }, async () => {
    const person = await useUnits("start-burst@nexus.test", AGENT_LIMIT - 1);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => start(person.cookie, `Parallel question ${i}?`)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 429)]);
    const created = results.find((r) => r.status === 201);
    const item = (await created?.json()) as ResearchItem;
    const done = await ended(h, person.cookie, item.threadId);
    expect(done.status, done.error ?? "").toBe("succeeded");
    // One run planned and reported: nothing of the nine refused reached the model.
    expect(modelCalls("plan")).toBe(1);
    expect(modelCalls("report")).toBe(1);
    expect(modelCalls("notes")).toBeLessThanOrEqual(3);
    expect(await agentUnitsUsed(h, person.cookie)).toBe(AGENT_LIMIT);
  });
});

type Stage = "plan" | "search" | "read" | "notes" | "report";

const running = (kind: Stage) => (events: readonly SseEvent[]) =>
  events.some((e) => {
    if (e.type !== "research-step") return false;
    const step = e.payload as unknown as ResearchStep;
    return step.kind === kind && step.status === "running";
  });

const reportStreaming = (events: readonly SseEvent[]) => reportText(events).trim() !== "";

/** Holds the research at `stage`: the request it makes there never answers (or answers slowly). */
function holdAt(stage: Stage) {
  const stall = () => ({ kind: "stall" as const });
  if (stage === "plan") script.plan = stall;
  if (stage === "search") searxng.mode = "stall";
  if (stage === "read") pages.delayMs = 120_000;
  if (stage === "notes") script.notes = stall;
  if (stage === "report")
    script.report = () => ({
      kind: "text",
      chunks: ["## Summary\n", "\n", "Glass is mostly recovered.\n", ...Array(400).fill("more ")],
      delayMs: 100,
    });
}

describe("cancelling a research at each stage (G9: a stop never leaves a report for free)", () => {
  const cases: Array<[Stage, number]> = [
    ["plan", 0],
    ["search", 0],
    ["read", 0],
    ["notes", 0],
    ["report", 1],
  ];
  for (const [stage, charged] of cases)
    it(`cancelled while ${stage === "report" ? "its report streams" : `at its ${stage} step`}: ${charged} unit charged`, {
      timeout: 60_000,
    }, async () => {
      holdAt(stage);
      const person = await useUnits(`cancel-${stage}@nexus.test`, 0);
      const res = await start(person.cookie);
      expect(res.status).toBe(201);
      const item = (await res.json()) as ResearchItem;
      const seen = await readEvents(h, person.cookie, item.runId, {
        until: stage === "report" ? reportStreaming : running(stage),
      });
      expect(seen.status, JSON.stringify(seen.events.map((e) => e.payload))).toBe("");
      expect(await agentUnitsUsed(h, person.cookie)).toBe(1);
      const cancel = await h.request(`/api/runs/${item.runId}/cancel`, {
        method: "POST",
        cookie: person.cookie,
      });
      expect(cancel.status).toBe(202);
      const after = await ended(h, person.cookie, item.threadId, 30_000);
      expect(after.status).toBe("cancelled");
      // The unit is settled by the run's ending hook, just after its status is written.
      await until(async () => (await agentUnitsUsed(h, person.cookie)) === charged, 5_000);
      expect(await agentUnitsUsed(h, person.cookie)).toBe(charged);
      const { events, status } = await readEvents(h, person.cookie, item.runId);
      expect(status).toBe("cancelled");
      if (stage === "report") {
        // Charged, and what was written stays readable in the run's events.
        expect(reportText(events)).toContain("## Summary");
        expect(modelCalls("report")).toBe(1);
      } else {
        expect(reportText(events)).toBe("");
        expect(modelCalls("report")).toBe(0);
      }
    });
});
