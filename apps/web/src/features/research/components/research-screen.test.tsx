import { RESEARCH_BUDGETS } from "@nexus/contracts";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResearchScreen } from "./research-screen.tsx";
import {
  citation,
  item,
  json,
  note,
  renderAt,
  runStream,
  server,
  source,
} from "./research-test-kit.tsx";

const questions = {
  type: "research-questions",
  payload: {
    questions: [
      { id: 1, text: "What is a share link?", origin: "plan" },
      { id: 2, text: "How is one revoked?", origin: "plan" },
    ],
  },
};
const step = (
  id: string,
  kind: string,
  question: number | null,
  status: string,
  detail: string | null = null,
) => ({
  type: "research-step",
  payload: { id, kind, question, status, label: `${kind} ${id}`, detail },
});

const LIVE = [
  questions,
  step("search-1", "search", 1, "done", "2 results"),
  {
    type: "research-sources",
    payload: {
      sources: [
        source(1, { title: "Sharing guide" }),
        source(2, { status: "failed", reason: "timeout" }),
      ],
    },
  },
  step("notes-1", "notes", 1, "done", "2 notes"),
  { type: "research-notes", payload: { notes: [note(1, 1), note(2, 1)] } },
  step("search-2", "search", 2, "running"),
  {
    type: "research-progress",
    payload: {
      spent: { steps: 7, pages: 3, tokens: 12_345, elapsedMs: 20_000 },
      budget: RESEARCH_BUDGETS.quick,
    },
  },
];

const FILE = "0b6f3c1e-8a3d-4d7c-9a57-2f0e6c1b9d42";
const REPORT =
  "# Share links\n\n## Summary\n\nA link opens read-only [1]. It can be revoked [2].\n\n## Open questions\n\nNone.";
const S1 = source(1, { title: "Sharing guide", url: "/blog/share-links" });
const S2 = source(2, {
  title: "Notes.pdf",
  kind: "file",
  fileId: FILE,
  url: `/app/document-chat/${FILE}?chunk=3`,
});
const DONE = [
  ...LIVE,
  {
    type: "ui-chunks",
    payload: {
      chunks: [
        { type: "start" },
        { type: "text-start", id: "t" },
        { type: "text-delta", id: "t", delta: REPORT },
        { type: "text-end", id: "t" },
        {
          type: "data-research-citations",
          data: {
            citations: [
              citation(note(1, 1), S1),
              citation(note(2, 2, { check: "unverified", quote: "made up words" }), S2),
            ],
            sources: [S1, S2, source(3, { status: "found", title: "Only found" })],
          },
        },
        { type: "finish" },
      ],
    },
  },
];

function setup() {
  renderAt(<ResearchScreen threadId="T1" notFound={<p>not found</p>} />, {
    path: "/app/agents/deepresearch/T1",
    pattern: "/app/agents/deepresearch/:threadId",
  });
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe("ResearchScreen", () => {
  it("shows a running research: stages, steps, sources, notes, budget spent, and Cancel", async () => {
    const requests = server((url, init) => {
      if (url.endsWith("/api/research/T1")) return json(item({ depth: "quick" }));
      if (url.endsWith("/api/runs/R1/events")) return runStream(LIVE);
      if (url.endsWith("/api/runs/R1/cancel") && init?.method === "POST")
        return json({ id: "R1", status: "running", cancelRequested: true }, 202);
      if (url.endsWith("/api/research/T1/finish") && init?.method === "POST")
        return json(item({ depth: "quick" }), 202);
      return null;
    });
    const user = setup();
    const rows = await screen.findAllByTestId("research-question-row");
    expect(rows.map((row) => row.dataset.stage)).toEqual(["done", "searching"]);
    expect(within(rows[0] as HTMLElement).getByTestId("research-note-count")).toHaveTextContent(
      "2 notes",
    );
    expect(within(rows[1] as HTMLElement).getByTestId("research-note-count")).toHaveTextContent(
      "0 notes",
    );
    const sources = within(rows[0] as HTMLElement).getAllByTestId("research-live-source");
    expect(
      sources.map((s) => [s.dataset.status, s.textContent?.includes("Sharing guide")]),
    ).toEqual([
      ["read", true],
      ["failed", false],
    ]);
    expect(screen.getByTestId("research-budget-steps")).toHaveTextContent(
      `7 / ${RESEARCH_BUDGETS.quick.steps}`,
    );
    expect(screen.getByTestId("research-budget-pages")).toHaveTextContent(
      `3 / ${RESEARCH_BUDGETS.quick.pages}`,
    );
    expect(screen.getByTestId("research-budget-tokens")).toHaveTextContent("12k / 60k");
    // Progress: the most spent of the budget (pages 3/6 = 50%).
    expect(screen.getByTestId("research-progress")).toHaveAttribute("aria-valuenow", "50");
    expect(screen.getByTestId("research-status")).toHaveTextContent("Running");

    await user.click(screen.getByTestId("research-finish"));
    await vi.waitFor(() => expect(screen.getByTestId("research-finish")).toBeDisabled());
    expect(requests.filter((r) => r.method === "POST").map((r) => r.url)).toEqual([
      "/api/research/T1/finish",
    ]);
    await user.click(screen.getByTestId("research-cancel"));
    await vi.waitFor(() =>
      expect(
        requests.some((r) => r.url.endsWith("/api/runs/R1/cancel") && r.method === "POST"),
      ).toBe(true),
    );
  });

  it("shows a finished research's saved report while its events are read again", async () => {
    const citations = DONE.at(-1)?.payload as { chunks: Array<{ type: string; data?: unknown }> };
    const saved = citations.chunks.find((chunk) => chunk.type === "data-research-citations");
    server((url) => {
      if (url.endsWith("/api/research/T1"))
        return json(
          item({ status: "succeeded", endedAt: "2026-01-01T10:01:00.000Z", entryId: "E1" }),
        );
      // The events' stream stays open with nothing read yet.
      if (url.endsWith("/api/runs/R1/events"))
        return new Response(new ReadableStream(), {
          headers: { "content-type": "text/event-stream" },
        });
      if (url.includes("/api/threads/T1"))
        return json({
          threadId: "T1",
          kind: "research",
          subject: { id: "R1", name: "Q" },
          messages: [
            { id: "q", role: "user", parts: [{ type: "text", text: "Q" }] },
            {
              id: "E1",
              role: "assistant",
              parts: [{ type: "text", text: REPORT, state: "done" }, saved],
              metadata: { status: "succeeded" },
            },
          ],
          entries: [],
        });
      return null;
    });
    setup();
    const report = await screen.findByTestId("research-report");
    expect(screen.queryByText("Loading the report…")).toBeNull();
    expect(within(report).getByTestId("research-report-text")).toHaveTextContent("Share links");
    expect(within(report).getByTestId("research-sources-read")).toHaveTextContent("Sharing guide");
  });

  it("shows a finished research as its report: contents, chips verified and unverified, sources", async () => {
    server((url) => {
      if (url.endsWith("/api/research/T1"))
        return json(
          item({ status: "succeeded", endedAt: "2026-01-01T10:01:00.000Z", entryId: "E1" }),
        );
      if (url.endsWith("/api/runs/R1/events")) return runStream(DONE, "succeeded");
      if (url.includes("/api/threads/T1")) return json({ threadId: "T1", entries: [] });
      return null;
    });
    setup();
    const report = await screen.findByTestId("research-report");
    // Contents: the report's two levels of headings.
    const toc = within(screen.getByTestId("research-toc"));
    expect(toc.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Share links",
      "Summary",
      "Open questions",
    ]);
    // The report's Markdown renderer is lazy: its first load can take seconds on a busy machine.
    await vi.waitFor(
      () => expect(within(report).getAllByTestId("research-citation-mark")).toHaveLength(2),
      { timeout: 15_000 },
    );
    const marks = within(report).getAllByTestId("research-citation-mark");
    expect(marks.map((m) => [m.dataset.note, m.dataset.source, m.dataset.verified])).toEqual([
      ["1", "1", "true"],
      ["2", "2", "false"],
    ]);
    expect(marks[0]?.textContent).toContain("Source 1: Sharing guide, Verified");
    expect(marks[1]?.textContent).toContain("Unverified");
    // A file's quote opens the document viewer at its passage; a guide page on this site.
    const links = within(report).getAllByTestId("research-citation");
    expect(links[1]).toHaveAttribute("href", `/app/document-chat/${FILE}?chunk=3`);
    expect(links[0]).toHaveAttribute("href", "/blog/share-links");
    expect(screen.getByText(/One quote could not be found/)).toBeInTheDocument();
    expect(
      within(screen.getByTestId("research-sources-read")).getAllByTestId("research-source"),
    ).toHaveLength(2);
    expect(
      within(screen.getByTestId("research-sources-found")).getByText("Only found"),
    ).toBeInTheDocument();
    expect(screen.getByTestId("research-status")).toHaveTextContent("Finished");
    expect(screen.queryByTestId("research-cancel")).toBeNull();
  });

  it("streams the report in while it runs, its markers already chips of the notes", async () => {
    server((url) => {
      if (url.endsWith("/api/research/T1")) return json(item());
      if (url.endsWith("/api/runs/R1/events"))
        return runStream([
          ...LIVE,
          {
            type: "ui-chunks",
            payload: {
              chunks: [
                { type: "start" },
                { type: "text-start", id: "t" },
                { type: "text-delta", id: "t", delta: "## Summary\n\nLinks are read-only [2]." },
              ],
            },
          },
        ]);
      return null;
    });
    setup();
    const live = await screen.findByTestId("research-live-report");
    expect(live.textContent).toContain("writing");
    await vi.waitFor(
      () => expect(within(live).getAllByTestId("research-citation-mark")).toHaveLength(1),
      { timeout: 15_000 },
    );
    const mark = within(live).getByTestId("research-citation-mark");
    expect([mark.dataset.note, mark.dataset.source]).toEqual(["2", "1"]);
    // Writing the report: the bar stands at 90% at least.
    expect(screen.getByTestId("research-progress")).toHaveAttribute("aria-valuenow", "90");
  });

  it("says why a research failed in one sentence, once", async () => {
    const message = "The research failed. Try again in a moment.";
    server((url) => {
      if (url.endsWith("/api/research/T1")) return json(item());
      if (url.endsWith("/api/runs/R1/events"))
        return runStream([questions, { type: "failed", payload: { message } }], "failed");
      return null;
    });
    setup();
    const alert = await screen.findByText(message);
    expect(alert.textContent).toBe(message);
    expect(document.body.textContent?.split("The research failed.")).toHaveLength(2);
    await act(async () => undefined);
    expect(screen.getByTestId("research-status")).toHaveTextContent("Failed");
  });

  it("shows a step's retries, then resumes a failed research from where it stopped", async () => {
    let resumed = false;
    const failedRun = [
      questions,
      {
        type: "research-step",
        payload: {
          id: "notes-1",
          kind: "notes",
          question: 1,
          status: "running",
          label: "Taking notes: How are links made?",
          detail: "Retrying 2 of 3",
        },
      },
      {
        type: "research-step",
        payload: {
          id: "notes-1",
          kind: "notes",
          question: 1,
          status: "failed",
          label: "Taking notes: How are links made?",
          detail: "Failed after 3 tries",
        },
      },
      { type: "failed", payload: { message: "A step failed after its retries." } },
    ];
    const requests = server((url, init) => {
      if (url.endsWith("/api/research/T1/resume") && init?.method === "POST") {
        resumed = true;
        return json(item({ status: "queued" }), 202);
      }
      if (url.endsWith("/api/research/T1"))
        return json(item(resumed ? { status: "running" } : { status: "failed" }));
      if (url.endsWith("/api/runs/R1/events")) {
        if (!resumed) return runStream(failedRun, "failed");
        // Read on from the last event applied: the resume and the step again.
        const after = [
          ...failedRun,
          { type: "research-resumed", payload: {} },
          {
            type: "research-step",
            payload: {
              id: "notes-1",
              kind: "notes",
              question: 1,
              status: "running",
              label: "Taking notes: How are links made?",
              detail: null,
            },
          },
        ];
        const body = after
          .map((event, i) => ({ ...event, seq: i + 1, at: "2026-01-01T10:00:00.000Z" }))
          .slice(failedRun.length)
          .map((event) => `id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`)
          .join("");
        return new Response(body, { headers: { "content-type": "text/event-stream" } });
      }
      return null;
    });
    const user = setup();
    expect(await screen.findByText("A step failed after its retries.")).toBeInTheDocument();
    const step = await screen.findByText(/Failed after 3 tries/);
    expect(step.closest("[data-testid='research-step']")).toHaveAttribute("data-status", "failed");
    const [row] = screen.getAllByTestId("research-question-row");
    expect(row).toHaveAttribute("data-stage", "failed");

    await user.click(screen.getByTestId("research-resume"));
    await vi.waitFor(() =>
      expect(screen.getByTestId("research-header")).toHaveAttribute("data-status", "running"),
    );
    expect(requests.filter((r) => r.url.endsWith("/api/research/T1/resume"))).toHaveLength(1);
    expect(screen.queryByText("A step failed after its retries.")).toBeNull();
    expect(screen.queryByTestId("research-resume")).toBeNull();
    expect(screen.getAllByTestId("research-question-row")[0]).toHaveAttribute(
      "data-stage",
      "notes",
    );
  });

  it("shows not found for another person's research", async () => {
    server(() => null);
    setup();
    expect(await screen.findByText("not found")).toBeInTheDocument();
  });
});
