import type { ResearchItem, ResearchStep } from "@nexus/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../../../../../e2e/fakes/openai-server.ts";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import * as usage from "../usage/usage.service.ts";
import { RESEARCH_PARTLY_FAILED_TEXT } from "./research.jobs.ts";
import { RESEARCH_QUOTA_MESSAGE } from "./research.service.ts";
import {
  corpusOf,
  defaultScript,
  kindOf,
  type ModelScript,
  modelHandler,
  notesIn,
  PAGE_HOST,
  type Pages,
  promptOf,
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
 * A research that fails part way keeps what it has: a step failing after its retries is marked
 * failed (its retries shown as they happen), the report is written from the notes taken and lists
 * what was not researched, the failure is one sentence, and "Retry from here" (POST
 * /api/research/:threadId/resume) goes on from the last good step — for the owner only.
 */
const AGENT_LIMIT = 3;
const QUESTIONS = [
  "How much of a solar panel is recycled?",
  "Which materials are recovered from solar panels?",
  "What do collection schemes change?",
];
const FAILING = QUESTIONS[1] as string;

let h: Harness;
let llm: FakeOpenAIServer;
let searxng: FakeSearxng;
let pages: Pages;
let script: ModelScript;
/** While on, the notes call for FAILING answers 400 (and so does its plain-text fallback). */
let failNotes = false;

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
  const careful = defaultScript();
  script = {
    ...careful,
    notes: (request) =>
      failNotes && promptOf(request).includes(`Sub-question: ${FAILING}`)
        ? { kind: "status", status: 400, message: "The model is overloaded." }
        : careful.notes(request),
  };
  searxng.corpus.general = corpusOf(pages, ["alpha", "beta", "gamma"]);
});

async function until(check: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check()) && Date.now() < deadline) await sleep(100);
}

const stepEvents = (events: readonly SseEvent[], id: string) =>
  events
    .filter((e) => e.type === "research-step" && e.payload.id === id)
    .map((e) => e.payload as unknown as ResearchStep);

async function begin(cookie: string, body: Record<string, unknown>): Promise<ResearchItem> {
  const res = await h.request("/api/research", { method: "POST", cookie, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ResearchItem;
}

const resume = (threadId: string, cookie?: string) =>
  h.request(`/api/research/${threadId}/resume`, { method: "POST", ...(cookie ? { cookie } : {}) });

describe("a research whose notes step fails three times", () => {
  it("marks the step failed, writes the report from the other notes listing what was not researched, and resumes from there", {
    timeout: 120_000,
  }, async () => {
    const owner = await signedIn(h, "resume-owner@nexus.test");
    const other = await signedIn(h, "resume-other@nexus.test");
    failNotes = true;
    const item = await begin(owner.cookie, {
      question: "How well are solar panels recycled today?",
      depth: "quick",
      sources: "web",
      subQuestions: QUESTIONS,
    });
    const first = await readEvents(h, owner.cookie, item.runId);
    expect(first.status).toBe("failed");

    // The step: retried live ("Retrying 2 of 3", "Retrying 3 of 3"), then failed, never "done".
    const notes2 = stepEvents(first.events, "notes-2");
    expect(notes2.map((s) => s.detail)).toEqual(
      expect.arrayContaining(["Retrying 2 of 3", "Retrying 3 of 3"]),
    );
    expect(notes2.at(-1)).toMatchObject({ status: "failed", detail: "Failed after 3 tries" });
    expect(notes2.some((s) => s.status === "done")).toBe(false);
    // Three attempts, each the structured call and its plain-text fallback.
    const failedCalls = llm.requests.filter(
      (r) => kindOf(r) === "notes" && promptOf(r).includes(`Sub-question: ${FAILING}`),
    );
    expect(failedCalls).toHaveLength(6);
    // The third question was never searched: no step of it ran.
    expect(first.events.some((e) => e.type === "research-step" && e.payload.question === 3)).toBe(
      false,
    );

    // The report: from the first question's notes, listing the two not researched.
    const report = llm.requests.filter((r) => kindOf(r) === "report");
    expect(report).toHaveLength(1);
    const noted = first.events
      .filter((e) => e.type === "research-notes")
      .flatMap((e) => e.payload.notes as Array<{ id: number; question: number }>);
    expect(noted.length).toBeGreaterThan(0);
    expect(new Set(noted.map((n) => n.question))).toEqual(new Set([1]));
    expect(notesIn(promptOf(report[0] as (typeof report)[number]))).toEqual(noted.map((n) => n.id));
    const text = reportText(first.events);
    expect(text).toContain("## Summary");
    expect(text).toContain(
      `## Not researched\n\n- ${FAILING} (a step failed after its retries)\n- ${QUESTIONS[2]}`,
    );

    // One sentence, once: the run's failed event and the item say the same, a single time.
    const failed = first.events.filter((e) => e.type === "failed");
    expect(failed.map((e) => e.payload.message)).toEqual([RESEARCH_PARTLY_FAILED_TEXT]);
    const after = await ended(h, owner.cookie, item.threadId);
    expect(after).toMatchObject({ status: "failed", error: RESEARCH_PARTLY_FAILED_TEXT });
    expect(after.entryId).not.toBeNull();
    // A report was written: the unit is kept (settle).
    await until(async () => (await agentUnitsUsed(h, owner.cookie)) === 1, 5_000);
    expect(await agentUnitsUsed(h, owner.cookie)).toBe(1);

    // Only its owner may resume it: another person gets the 404 of a missing one, no one a 401.
    expect((await resume(item.threadId, other.cookie)).status).toBe(404);
    expect((await resume(item.threadId)).status).toBe(401);
    expect((await resume("NoSuchResearch00", owner.cookie)).status).toBe(404);

    failNotes = false;
    llm.reset();
    const resumed = await resume(item.threadId, owner.cookie);
    expect(resumed.status, await resumed.clone().text()).toBe(202);
    expect(((await resumed.json()) as ResearchItem).status).toBe("queued");
    // A second resume while it runs: a conflict, nothing sent twice.
    expect((await resume(item.threadId, owner.cookie)).status).toBe(409);

    const rest = await readEvents(h, owner.cookie, item.runId, { lastEventId: first.lastId });
    expect(rest.status, JSON.stringify(rest.events.filter((e) => e.type !== "ui-chunks"))).toBe(
      "succeeded",
    );
    expect(rest.events[0]?.type).toBe("research-resumed");
    // From the last good step: the failed notes again, then the third question, then the report.
    const ran = rest.events
      .filter((e) => e.type === "research-step" && e.payload.status === "done")
      .map((e) => e.payload.id);
    expect(ran).toEqual(["notes-2", "search-3", "read-3", "notes-3", "report"]);
    expect(llm.requests.map(kindOf)).toEqual(["notes", "notes", "report"]);
    const all = [...first.events, ...rest.events];
    const final = reportText(all);
    expect(final).toContain("## Summary");
    expect(final).not.toContain("Not researched");
    const done = await ended(h, owner.cookie, item.threadId);
    expect(done).toMatchObject({ status: "succeeded", error: null });
    expect(done.entryId).toBe(after.entryId);
    // Resuming a run that had kept its unit takes none more.
    expect(await agentUnitsUsed(h, owner.cookie)).toBe(1);
    // A succeeded research is not resumed.
    expect((await resume(item.threadId, owner.cookie)).status).toBe(409);
  });
});

describe("resuming a research that ended without a report", () => {
  it("takes its unit again, refused at the quota with the start's wall", {
    timeout: 60_000,
  }, async () => {
    const person = await signedIn(h, "resume-cancelled@nexus.test");
    script.plan = () => ({ kind: "stall" });
    const item = await begin(person.cookie, {
      question: "How well are solar panels recycled today?",
      depth: "quick",
      sources: "web",
    });
    await readEvents(h, person.cookie, item.runId, {
      until: (events) => stepEvents(events, "plan").length > 0,
    });
    const cancel = await h.request(`/api/runs/${item.runId}/cancel`, {
      method: "POST",
      cookie: person.cookie,
    });
    expect(cancel.status).toBe(202);
    expect((await ended(h, person.cookie, item.threadId, 30_000)).status).toBe("cancelled");
    await until(async () => (await agentUnitsUsed(h, person.cookie)) === 0, 5_000);
    expect(await agentUnitsUsed(h, person.cookie)).toBe(0);

    // At the limit: the same 429 as a start, and the research stays cancelled.
    await usage.consume({
      deps: h.deps,
      caller: person.caller,
      counter: "agentUsage",
      amount: AGENT_LIMIT,
    });
    const refused = await resume(item.threadId, person.cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: unknown }).error).toEqual({
      code: "quota_exceeded",
      message: RESEARCH_QUOTA_MESSAGE,
    });
    expect((await ended(h, person.cookie, item.threadId)).status).toBe("cancelled");

    await usage.refund({ deps: h.deps, caller: person.caller, counter: "agentUsage" });
    script = defaultScript();
    const ok = await resume(item.threadId, person.cookie);
    expect(ok.status).toBe(202);
    expect(await agentUnitsUsed(h, person.cookie)).toBe(AGENT_LIMIT);
    const done = await ended(h, person.cookie, item.threadId);
    expect(done.status, done.error ?? "").toBe("succeeded");
    expect(done.subQuestions).toHaveLength(3);
    expect(await agentUnitsUsed(h, person.cookie)).toBe(AGENT_LIMIT);
  });
});
