import type { ResearchSource, RunEventItem } from "@nexus/contracts";
import { RESEARCH_BUDGETS } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { readReport } from "./report-message.ts";
import {
  applyResearchEvent,
  EMPTY_RESEARCH_VIEW,
  endResearchView,
  liveCitations,
  noteCount,
  questionStage,
  reduceResearchEvents,
} from "./research-events.ts";

let seq = 0;
function ev(type: string, payload: Record<string, unknown>): RunEventItem {
  seq += 1;
  return { seq, type, payload, at: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString() };
}

function source(id: number, status: ResearchSource["status"], title = `Page ${id}`) {
  return {
    id,
    kind: "web",
    url: `https://example.com/${id}`,
    title,
    fileId: null,
    question: 1,
    status,
    reason: status === "failed" ? "timeout" : null,
  };
}

const note = (id: number, sourceId: number, question = 1) => ({
  id,
  sourceId,
  question,
  text: `Finding ${id}`,
  quote: `quote ${id}`,
  check: "exact",
  page: null,
});

function runEvents(): RunEventItem[] {
  seq = 0;
  return [
    ev("research-questions", {
      questions: [
        { id: 1, text: "What is A?", origin: "plan" },
        { id: 2, text: "What is B?", origin: "plan" },
      ],
    }),
    ev("research-step", {
      id: "search-1",
      kind: "search",
      question: 1,
      status: "running",
      label: "Searching: A",
      detail: null,
    }),
    ev("research-sources", { sources: [source(2, "found"), source(1, "found")] }),
    ev("research-step", {
      id: "search-1",
      kind: "search",
      question: 1,
      status: "done",
      label: "Searching: A",
      detail: "2 results",
    }),
    ev("research-step", {
      id: "read-1",
      kind: "read",
      question: 1,
      status: "running",
      label: "Reading 2 pages",
      detail: null,
    }),
    ev("research-sources", { sources: [source(1, "read"), source(2, "failed")] }),
    ev("research-notes", { notes: [note(1, 1), note(2, 1)] }),
    ev("research-progress", {
      spent: { steps: 3, pages: 1, tokens: 1200, elapsedMs: 4000 },
      budget: RESEARCH_BUDGETS.quick,
    }),
    ev("ui-chunks", {
      chunks: [
        { type: "start" },
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: "# Report\n\nDraft" },
      ],
    }),
    ev("research-report-reset", {}),
    ev("ui-chunks", {
      chunks: [
        { type: "start" },
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: "# Report\n\nA is real [1]." },
        { type: "text-end", id: "t" },
        {
          type: "data-research-citations",
          data: {
            citations: [{ note: note(1, 1), source: source(1, "read") }],
            sources: [source(1, "read"), source(2, "failed")],
          },
        },
        { type: "finish" },
      ],
    }),
  ];
}

describe("reduceResearchEvents", () => {
  it("builds the questions, steps, sources, notes, spent and report of a run", async () => {
    const view = reduceResearchEvents(runEvents());
    expect(view.lastSeq).toBe(11);
    expect(view.questions.map((q) => q.text)).toEqual(["What is A?", "What is B?"]);
    // A step's end replaces its start, in the order steps started.
    expect(view.steps.map((s) => [s.id, s.status, s.detail])).toEqual([
      ["search-1", "done", "2 results"],
      ["read-1", "running", null],
    ]);
    // Sources upserted by id and kept in id order.
    expect(view.sources.map((s) => [s.id, s.status])).toEqual([
      [1, "read"],
      [2, "failed"],
    ]);
    expect(view.notes).toHaveLength(2);
    expect(view.spent?.tokens).toBe(1200);
    expect(view.budget?.pages).toBe(RESEARCH_BUDGETS.quick.pages);
    // The reset dropped the draft: only the second writing is the report.
    // The report's chunks read by the AI SDK's readUIMessageStream (report-message.ts).
    const report = await readReport(view.reportChunks);
    expect(report.report).toBe("# Report\n\nA is real [1].");
    expect(report.citations?.citations[0]?.note.id).toBe(1);
    expect(report.citations?.sources).toHaveLength(2);
  });

  it("gives the same view replayed at once, event by event, or with repeats after a reconnect", () => {
    const events = runEvents();
    const atOnce = reduceResearchEvents(events);
    let live = EMPTY_RESEARCH_VIEW;
    for (const event of events) live = applyResearchEvent(live, event);
    expect(live).toEqual(atOnce);
    // A reconnect that sends events 5.. again (and a stale one) changes nothing.
    const resumed = reduceResearchEvents([...events.slice(4), events[0] as RunEventItem], live);
    expect(resumed).toEqual(atOnce);
    // Split at any point, the second half continuing from the first's view: the same.
    for (let cut = 0; cut <= events.length; cut++) {
      const first = reduceResearchEvents(events.slice(0, cut));
      expect(reduceResearchEvents(events.slice(cut), first)).toEqual(atOnce);
    }
  });

  it("drops the report and its citations on a reset", async () => {
    const events = runEvents();
    const withReport = reduceResearchEvents(events);
    const reset = applyResearchEvent(withReport, {
      seq: 99,
      type: "research-report-reset",
      payload: {},
      at: "2026-01-01T00:00:00.000Z",
    });
    const report = await readReport(reset.reportChunks);
    expect(report.report).toBe("");
    expect(reset.reportStarted).toBe(false);
    expect(report.citations).toBeNull();
    expect(reset.notes).toHaveLength(2);
  });

  it("ignores malformed items but keeps the valid ones", () => {
    seq = 0;
    const view = reduceResearchEvents([
      ev("research-sources", { sources: [source(1, "found"), { id: "x" }, null] }),
      ev("research-step", { id: "bad" }),
      ev("research-progress", { spent: { steps: 1 }, budget: { pages: 2 } }),
    ]);
    expect(view.sources).toHaveLength(1);
    expect(view.steps).toHaveLength(0);
    expect(view.spent).toBeNull();
    expect(view.budget).toBeNull();
    expect(view.lastSeq).toBe(3);
  });

  it("records a failure and how the run ended", () => {
    seq = 0;
    const failed = reduceResearchEvents([ev("failed", { message: "Search is down" })]);
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe("Search is down");
    expect(endResearchView(EMPTY_RESEARCH_VIEW, "cancelled").status).toBe("cancelled");
  });
});

describe("questionStage", () => {
  it("follows a question through its steps", () => {
    const events = runEvents();
    expect(questionStage(reduceResearchEvents(events.slice(0, 1)), 1)).toBe("waiting");
    expect(questionStage(reduceResearchEvents(events.slice(0, 2)), 1)).toBe("searching");
    expect(questionStage(reduceResearchEvents(events.slice(0, 4)), 1)).toBe("searching");
    expect(questionStage(reduceResearchEvents(events.slice(0, 5)), 1)).toBe("reading");
    const readDone = applyResearchEvent(reduceResearchEvents(events), {
      seq: 49,
      type: "research-step",
      payload: {
        id: "read-1",
        kind: "read",
        question: 1,
        status: "done",
        label: "Reading 2 pages",
        detail: "1 page read, 1 failed",
      },
      at: "2026-01-01T00:00:00.000Z",
    });
    // Between its reading and its notes: still reading.
    expect(questionStage(readDone, 1)).toBe("reading");
    const done = applyResearchEvent(readDone, {
      seq: 50,
      type: "research-step",
      payload: {
        id: "notes-1",
        kind: "notes",
        question: 1,
        status: "done",
        label: "Notes",
        detail: "2 notes",
      },
      at: "2026-01-01T00:00:00.000Z",
    });
    expect(questionStage(done, 1)).toBe("done");
    expect(questionStage(done, 2)).toBe("waiting");
    expect(noteCount(done, 1)).toBe(2);
    expect(noteCount(done, 2)).toBe(0);
    // Ended before question 2 was searched: not researched, never "Done".
    expect(questionStage(endResearchView(done, "succeeded"), 2)).toBe("skipped");
    expect(questionStage(endResearchView(readDone, "cancelled"), 1)).toBe("skipped");
  });

  it("shows a step's retries live, its failure after them, and a resume clearing the ending", () => {
    const step = (seq: number, status: string, detail: string | null): RunEventItem => ({
      seq,
      type: "research-step",
      payload: { id: "notes-1", kind: "notes", question: 1, status, label: "Notes", detail },
      at: "2026-01-01T00:00:00.000Z",
    });
    const base = reduceResearchEvents(runEvents());
    const retrying = applyResearchEvent(base, step(60, "running", "Retrying 2 of 3"));
    expect(questionStage(retrying, 1)).toBe("notes");
    expect(retrying.steps.find((s) => s.id === "notes-1")?.detail).toBe("Retrying 2 of 3");
    const failed = reduceResearchEvents(
      [
        step(61, "failed", "Failed after 3 tries"),
        {
          seq: 62,
          type: "failed",
          payload: { message: "A step failed." },
          at: "2026-01-01T00:00:00.000Z",
        },
      ],
      retrying,
    );
    expect(questionStage(failed, 1)).toBe("failed");
    expect([failed.status, failed.error]).toEqual(["failed", "A step failed."]);
    const resumed = applyResearchEvent(failed, {
      seq: 63,
      type: "research-resumed",
      payload: {},
      at: "2026-01-01T00:00:00.000Z",
    });
    expect([resumed.status, resumed.error]).toEqual([null, null]);
    expect(questionStage(applyResearchEvent(resumed, step(64, "running", null)), 1)).toBe("notes");
  });
});

describe("liveCitations", () => {
  it("pairs each note with its source while the report is written", () => {
    const view = reduceResearchEvents(runEvents().slice(0, 7));
    const live = liveCitations(view);
    expect(live.citations.map((c) => [c.note.id, c.source.id, c.source.status])).toEqual([
      [1, 1, "read"],
      [2, 1, "read"],
    ]);
    expect(live.sources.map((s) => s.id)).toEqual([1, 2]);
  });
});
