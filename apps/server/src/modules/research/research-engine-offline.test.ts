import {
  RESEARCH_CITATIONS_PART,
  RESEARCH_EVENTS,
  type ResearchCitationsPart,
  type ResearchStep,
} from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { Caller } from "../../deps.ts";
import { indexKnowledgeBase } from "../../integrations/search/knowledge-index.ts";
import { isOffline, planResearch, runResearchStep } from "./research.engine.ts";
import { pageTexts } from "./research.repo.ts";
import {
  callerOf,
  contextFor,
  initialState,
  runToReport,
  signedIn,
} from "./research-engine-kit.ts";

/** No model and no search provider: research over the knowledge base, extractive throughout. */
let h: Harness;
let caller: Caller;
beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
  await indexKnowledgeBase({ db: h.db.db });
  caller = await callerOf(h, "offline-researcher@example.com");
});
afterAll(async () => {
  await h.close();
});

const QUESTION = "How do I share a thread and what does the reader see?";

describe("research engine offline", () => {
  it("plans from the question's terms and headings, takes exact notes and writes a cited extractive report", async () => {
    expect(isOffline(h.deps)).toBe(true);
    const plan = await planResearch(h.deps, caller, {
      question: QUESTION,
      depth: "standard",
      sources: "both",
    });
    expect(plan.offline).toBe(true);
    expect(plan.subQuestions[0]).toBe(QUESTION);
    expect(plan.subQuestions.length).toBeGreaterThanOrEqual(3);
    expect(plan.subQuestions.length).toBeLessThanOrEqual(5);
    expect(new Set(plan.subQuestions.map((q) => q.toLowerCase())).size).toBe(
      plan.subQuestions.length,
    );

    const { ctx, events } = await contextFor(h, caller);
    const start = initialState({
      question: QUESTION,
      depth: "standard",
      sources: "both",
      offline: true,
      subQuestions: plan.subQuestions,
      startedAt: Date.now(),
    });
    const { result, steps } = await runToReport(ctx, start);
    // No reflection without a model.
    expect(steps).not.toContain("reflect");
    expect(steps.at(-1)).toBe("report");
    const state = result.state;
    expect(state.spent.tokens).toBe(0);
    const read = state.found.filter((s) => s.status === "read");
    expect(read.length).toBeGreaterThan(0);
    for (const s of read) {
      expect(s.kind).toBe("knowledge");
      expect(s.url).toMatch(/^\//);
    }

    // Extractive notes: sentences of the passage, verbatim.
    expect(state.notes.length).toBeGreaterThan(0);
    const texts = await pageTexts(
      h.db.db,
      ctx.runId,
      read.map((s) => s.id),
    );
    for (const note of state.notes) {
      expect(note.check).toBe("exact");
      expect(note.text).toBe(note.quote);
      expect(texts.get(note.sourceId)).toContain(note.quote);
    }
    expect(state.notes.some((n) => /share/i.test(n.quote))).toBe(true);
    // A question whose results an earlier one found still gets notes (from what they read).
    const notedQuestions = new Set(state.notes.map((n) => n.question));
    expect(notedQuestions.size).toBeGreaterThanOrEqual(3);
    expect(new Set(state.notes.map((n) => `${n.sourceId} ${n.quote}`)).size).toBe(
      state.notes.length,
    );

    // The report: summary, a section per question with notes, open questions; citations read.
    const md = result.markdown;
    expect(md).toMatch(/^## Summary\n/);
    expect(md).toMatch(/\n## Open questions\n/);
    const part = result.parts.find((p) => p.type === RESEARCH_CITATIONS_PART)
      ?.data as ResearchCitationsPart;
    expect(part.citations.length).toBeGreaterThan(0);
    const noteIds = new Set(state.notes.map((n) => n.id));
    for (const m of md.matchAll(/\[(\d+)\]/g)) expect(noteIds.has(Number(m[1]))).toBe(true);
    for (const { note, source } of part.citations) {
      expect(md).toContain(`[${note.id}]`);
      expect(source.status).toBe("read");
      expect(texts.get(source.id)).toContain(note.quote);
    }
    const stepEvents = events
      .filter((e) => e.type === RESEARCH_EVENTS.step)
      .map((e) => e.payload as unknown as ResearchStep);
    expect(stepEvents.filter((s) => s.status === "failed")).toEqual([]);
    expect(stepEvents.find((s) => s.id === "notes-1" && s.status === "done")?.detail).toMatch(
      /^\d+ notes?$/,
    );
  });

  it("researches the person's own files: file sources open the viewer, nobody else's file is found", async () => {
    const owner = await signedIn(h, "files-researcher@example.com");
    const stranger = await signedIn(h, "stranger@example.com");
    const mine = await addFile(owner.cookie, "heat-pumps.md", HEAT_PUMPS);
    const theirs = await addFile(stranger.cookie, "other-heat-pumps.md", HEAT_PUMPS);
    const question = "How efficient are heat pumps in cold climates?";
    const plan = await planResearch(h.deps, owner.caller, {
      question,
      depth: "quick",
      sources: "files",
    });
    expect(plan.subQuestions[0]).toBe(question);
    // The file's headings join the plan.
    expect(plan.subQuestions.some((q) => /Cold climates|Defrost cycles|Sizing/.test(q))).toBe(true);
    const { ctx } = await contextFor(h, owner.caller);
    const start = initialState({
      question,
      depth: "quick",
      sources: "files",
      offline: true,
      subQuestions: plan.subQuestions,
      startedAt: Date.now(),
    });
    const { result } = await runToReport(ctx, start);
    const { state } = result;
    expect(state.found.length).toBeGreaterThan(0);
    for (const source of state.found) {
      expect(source.kind).toBe("file");
      expect(source.fileId).toBe(mine);
      expect(source.url.startsWith(`/app/document-chat/${mine}`)).toBe(true);
    }
    expect(JSON.stringify(state.found)).not.toContain(theirs);
    expect(state.notes.length).toBeGreaterThan(0);
    expect(state.notes.some((n) => /coefficient of performance/i.test(n.quote))).toBe(true);
    for (const note of state.notes) expect(note.check).toBe("exact");
    expect(result.markdown).toMatch(/\[\d+\]/);

    // Nothing in the files: no help guides stand in for them (the question is not about Nexus).
    const { ctx: empty } = await contextFor(h, owner.caller);
    const nothing = initialState({
      question: "How do zebras share a watering hole?",
      depth: "quick",
      sources: "files",
      offline: true,
      subQuestions: ["How do zebras share a watering hole?"],
      startedAt: Date.now(),
    });
    const searched = await runResearchStep(empty, nothing, { kind: "search", question: 1 });
    expect(searched.found).toEqual([]);
  });
});

const HEAT_PUMPS = `# Heat pumps at home

## Cold climates

Modern air-source heat pumps keep a coefficient of performance above 2 at minus 15 degrees.
Older heat pumps lose most of their efficiency once the air falls below freezing.

## Defrost cycles

Heat pumps in cold climates spend energy on defrost cycles that melt ice from the outdoor coil.
A well-tuned defrost control cuts that loss to a few percent of the heat delivered.

## Sizing

An undersized heat pump runs its backup resistance heater on the coldest days.
`;

async function addFile(cookie: string, name: string, content: string): Promise<string> {
  const res = await upload(h, cookie, name, content, "text/markdown");
  if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
  const { id } = (await res.json()) as { id: string };
  const events = await untilDone(h, cookie, id);
  if (events.at(-1)?.data.type !== "ready") throw new Error(`${name} did not become ready`);
  return id;
}
