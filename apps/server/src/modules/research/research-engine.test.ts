import {
  RESEARCH_CITATIONS_PART,
  RESEARCH_EVENTS,
  type ResearchCitationsPart,
  type ResearchNote,
  type ResearchSource,
} from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { matchQuote } from "../../lib/quote-match.ts";
import { planResearch, runResearchStep } from "./research.engine.ts";
import { pageTexts } from "./research.repo.ts";
import {
  contextFor,
  corpusOf,
  INVENTED_QUOTE,
  initialState,
  kindOf,
  runToReport,
  systemOf,
} from "./research-engine-kit.ts";
import {
  caller,
  h,
  llm,
  pages,
  QUESTION,
  script,
  searxng,
  stepsOf,
  useModelResearch,
} from "./research-engine-world.ts";

useModelResearch();

describe("research engine with a model", () => {
  it("plans, searches, reads, takes checked notes, reflects and reports citing only what was read", async () => {
    const plan = await planResearch(h.deps, caller, {
      question: QUESTION,
      depth: "standard",
      sources: "web",
    });
    expect(plan.offline).toBe(false);
    expect(plan.subQuestions).toHaveLength(3);
    const { ctx, events, chunks } = await contextFor(h, caller);
    const start = initialState({
      question: QUESTION,
      depth: "standard",
      sources: "web",
      offline: false,
      subQuestions: plan.subQuestions,
      startedAt: Date.now(),
    });
    const { result, steps } = await runToReport(ctx, start);
    // 3 questions, a reflection that adds one follow-up, its steps, the report.
    expect(steps).toEqual([
      "search-1",
      "read-1",
      "notes-1",
      "search-2",
      "read-2",
      "notes-2",
      "search-3",
      "read-3",
      "notes-3",
      "reflect",
      "search-4",
      "read-4",
      "notes-4",
      "report",
    ]);
    const state = result.state;
    expect(state.questions[3]).toMatchObject({ id: 4, origin: "follow-up" });
    expect(state.reflections).toBe(1);
    expect(state.spent.tokens).toBeGreaterThan(0);
    // Each question read its 3 best results; the 404 page was never among them.
    expect(state.spent.pages).toBe(12);
    expect(state.found.filter((s) => s.status === "read")).toHaveLength(12);
    expect(state.found.filter((s) => s.status === "found")).toHaveLength(4);
    const stepEvents = stepsOf(events);
    expect(stepEvents.find((s) => s.id === "read-1" && s.status === "done")?.detail).toBe(
      "3 pages read",
    );
    expect(stepEvents.find((s) => s.id === "search-1" && s.status === "done")?.detail).toBe(
      "4 results",
    );
    expect(stepEvents.find((s) => s.id === "report")?.status).toBe("running");
    expect(stepEvents.at(-1)).toMatchObject({ id: "report", status: "done" });

    // Notes: a note on a source not read for its question is dropped; quotes are checked.
    const read = new Map(state.found.filter((s) => s.status === "read").map((s) => [s.id, s]));
    const texts = await pageTexts(h.db.db, ctx.runId, [...read.keys()]);
    for (const note of state.notes) {
      expect(read.get(note.sourceId)?.question).toBe(note.question);
      const found = matchQuote(note.quote, texts.get(note.sourceId) ?? "").match !== "none";
      expect(note.check === "unverified").toBe(!found);
    }
    const invented = state.notes.filter((n) => n.quote === INVENTED_QUOTE);
    expect(invented).toHaveLength(4);
    for (const n of invented) expect(n.check).toBe("unverified");
    expect(state.notes.filter((n) => n.check === "exact")).toHaveLength(12);

    // The report: markers naming no note and the model's address are gone; citations read.
    const md = result.markdown;
    expect(md).toMatch(/^## Summary/);
    expect(md).not.toMatch(/\[777\]|404\]|https?:|made-up\.example|```/);
    expect(md).toMatch(
      /\| Glass \| recovered \[\d+\] \|\n\n.*\n\n## Open questions\n\n- Who pays\?$/,
    );
    const part = result.parts.find((p) => p.type === RESEARCH_CITATIONS_PART)
      ?.data as ResearchCitationsPart;
    expect(part.citations.length).toBe(3);
    expect(part.sources).toEqual(state.found);
    for (const { note, source } of part.citations) {
      expect(md).toContain(`[${note.id}`);
      expect(source.status).toBe("read");
      expect(pages.hits).toContain(
        `${new URL(source.url).hostname}/page/${new URL(source.url).pathname.split("/")[2]}`,
      );
      if (note.check !== "unverified") expect(texts.get(source.id) ?? "").toContain(note.quote);
    }
    // What streamed is what was saved.
    const streamed = chunks
      .filter((c) => c.type === "text-delta")
      .map((c) => (c as { delta: string }).delta)
      .join("");
    expect(streamed.trim()).toBe(md);
    expect(chunks.at(-1)?.type).toBe(RESEARCH_CITATIONS_PART);
    // Sources and notes went out as events as they arrived.
    const sourceEvents = events.filter((e) => e.type === RESEARCH_EVENTS.sources);
    const lastById = new Map<number, ResearchSource>();
    for (const e of sourceEvents)
      for (const s of e.payload.sources as ResearchSource[]) lastById.set(s.id, s);
    expect([...lastById.values()].sort((a, b) => a.id - b.id)).toEqual(state.found);
    const noted = events
      .filter((e) => e.type === RESEARCH_EVENTS.notes)
      .flatMap((e) => e.payload.notes as ResearchNote[]);
    expect(noted).toEqual(state.notes);
    expect(events.some((e) => e.type === RESEARCH_EVENTS.questions)).toBe(true);
  });

  it("repairs broken JSON or reads a list from the text, never asking more than twice", async () => {
    // Cut off mid-way: repaired, one request.
    script.plan = () => ({
      kind: "text",
      text: '```json\n{"subQuestions": ["First part?", "Second part?", "Third part?',
    });
    const cut = await planResearch(h.deps, caller, {
      question: QUESTION,
      depth: "quick",
      sources: "web",
    });
    expect(cut.subQuestions).toEqual(["First part?", "Second part?", "Third part?"]);
    expect(llm.requests).toHaveLength(1);

    // A numbered list instead of JSON: read from that same answer.
    llm.reset();
    script.plan = () => ({
      kind: "text",
      text: "Sure!\n1. Cost of recycling?\n2. Glass recovery?\n3. Silver recovery?",
    });
    const listed = await planResearch(h.deps, caller, {
      question: QUESTION,
      depth: "quick",
      sources: "web",
    });
    expect(listed.subQuestions).toEqual([
      "Cost of recycling?",
      "Glass recovery?",
      "Silver recovery?",
    ]);
    expect(llm.requests).toHaveLength(1);

    // Nothing usable twice: two requests, then the plan from the question's terms.
    llm.reset();
    script.plan = () => ({ kind: "text", text: "I am not able to help with that." });
    const fallback = await planResearch(h.deps, caller, {
      question: QUESTION,
      depth: "quick",
      sources: "web",
    });
    expect(llm.requests).toHaveLength(2);
    expect(fallback.subQuestions.length).toBeGreaterThanOrEqual(3);
    expect(fallback.subQuestions[0]).toBe(QUESTION);

    // A server that refuses the JSON response format: the plain-text call.
    llm.reset();
    script.plan = (request) =>
      "response_format" in request.body
        ? { kind: "status", status: 400, message: "response_format is not supported" }
        : { kind: "text", text: "1. Refused first?\n2. Refused second?\n3. Refused third?" };
    const refused = await planResearch(h.deps, caller, {
      question: QUESTION,
      depth: "quick",
      sources: "web",
    });
    expect(refused.subQuestions).toEqual(["Refused first?", "Refused second?", "Refused third?"]);
    expect(llm.requests).toHaveLength(2);

    // Notes as lines: one structured request that fails, then the text read.
    llm.reset();
    script.notes = (request) => {
      const plain = !("response_format" in request.body);
      return {
        kind: "text",
        text: plain
          ? '[1] Glass is recovered | "about ninety percent of the glass in a panel can be recovered"'
          : "not json at all",
      };
    };
    const { ctx } = await contextFor(h, caller);
    let state = initialState({
      question: QUESTION,
      depth: "quick",
      sources: "web",
      offline: false,
      subQuestions: ["Glass?"],
      startedAt: Date.now(),
    });
    state = await runResearchStep(ctx, state, { kind: "search", question: 1 });
    state = await runResearchStep(ctx, state, { kind: "read", question: 1 });
    llm.reset();
    state = await runResearchStep(ctx, state, { kind: "notes", question: 1 });
    expect(llm.requests.map(kindOf)).toEqual(["notes", "notes"]);
    expect(state.notes).toEqual([
      expect.objectContaining({ sourceId: 1, text: "Glass is recovered", check: "exact" }),
    ]);
  });

  it("keeps notes from a fallback answered in JSON, and asks that fallback for lines", async () => {
    // The server refuses the JSON response format; the plain call still gets JSON back.
    script.notes = (request) =>
      "response_format" in request.body
        ? { kind: "status", status: 422, message: "response_format is not supported" }
        : {
            kind: "text",
            text: JSON.stringify({
              notes: [
                {
                  sourceId: 1,
                  text: "Glass is recovered",
                  quote: "about ninety percent of the glass in a panel can be recovered",
                },
              ],
            }),
          };
    const { ctx } = await contextFor(h, caller);
    let state = initialState({
      question: QUESTION,
      depth: "quick",
      sources: "web",
      offline: false,
      subQuestions: ["Glass?"],
      startedAt: Date.now(),
    });
    state = await runResearchStep(ctx, state, { kind: "search", question: 1 });
    state = await runResearchStep(ctx, state, { kind: "read", question: 1 });
    llm.reset();
    state = await runResearchStep(ctx, state, { kind: "notes", question: 1 });
    expect(llm.requests.map(kindOf)).toEqual(["notes", "notes"]);
    expect(state.notes).toEqual([
      expect.objectContaining({ sourceId: 1, text: "Glass is recovered", check: "exact" }),
    ]);
    // The fallback's instructions ask for what its parser reads first: lines, not JSON.
    const fallback = systemOf(llm.requests[1] as (typeof llm.requests)[number]);
    expect(fallback).toContain("one note per line");
    expect(fallback).not.toMatch(/JSON/);
  });

  it("marks a page that cannot be read failed, with its reason, and reads the others", async () => {
    searxng.corpus.general = corpusOf(pages, ["missing", "alpha", "beta"]);
    const { ctx, events } = await contextFor(h, caller);
    let state = initialState({
      question: QUESTION,
      depth: "quick",
      sources: "web",
      offline: false,
      subQuestions: ["Rates?"],
      startedAt: Date.now(),
    });
    state = await runResearchStep(ctx, state, { kind: "search", question: 1 });
    state = await runResearchStep(ctx, state, { kind: "read", question: 1 });
    // Quick reads 2 pages per question: the failed one counts.
    expect(state.found.map((s) => [s.title, s.status, s.reason])).toEqual([
      ["Page missing", "failed", "The page answered with an error."],
      ["Page alpha", "read", null],
      ["Page beta", "found", null],
    ]);
    expect(state.spent.pages).toBe(2);
    const done = stepsOf(events).find((s) => s.id === "read-1" && s.status === "done");
    expect(done?.detail).toBe("1 page read, 1 failed");
    expect([...(await pageTexts(h.db.db, ctx.runId, [1, 2, 3])).keys()]).toEqual([2]);
  });
});
