import type { HistoryPage, ThreadSummary } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HistoryScreen } from "./history-screen.tsx";

/** History's pinned group and select-to-delete, against a stand-in of the history API. */

afterEach(() => {
  vi.unstubAllGlobals();
});

function thread(threadId: string, title: string, pinned = false): ThreadSummary {
  const now = new Date().toISOString();
  return {
    threadId,
    title,
    firstQuery: title,
    firstTimestamp: now,
    latestTimestamp: now,
    focusMode: "web",
    messageCount: 1,
    preview: "",
    kind: "answer",
    label: "Answer",
    subject: null,
    badge: null,
    icon: null,
    href: `/app/search/${threadId}`,
    agentId: null,
    agentName: null,
    documentId: null,
    pinned,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function serve(threads: ThreadSummary[]) {
  let listed = threads;
  const posts: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes("/api/threads/bulk-delete")) {
        const body = JSON.parse(String(init?.body)) as { threadIds: string[] };
        posts.push(body);
        listed = listed.filter((t) => !body.threadIds.includes(t.threadId));
        return json({ deleted: body.threadIds.length });
      }
      const page: HistoryPage = { threads: listed, nextCursor: null };
      return json(page);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HistoryScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { posts };
}

describe("HistoryScreen", () => {
  it("lists pinned threads first, under Pinned, marked", async () => {
    serve([thread("p1", "Pinned one", true), thread("a1", "Other one")]);
    const groups = await screen.findAllByTestId("history-group");
    expect(groups.map((g) => g.textContent)).toEqual(["Pinned", "Today"]);
    const rows = screen.getAllByTestId("history-thread");
    expect(rows[0]).toHaveAttribute("data-pinned", "true");
    expect(within(rows[0] as HTMLElement).getByTestId("history-thread-pinned")).toHaveTextContent(
      "Pinned:",
    );
    expect(
      within(rows[0] as HTMLElement).getByRole("button", { name: "Unpin thread: Pinned one" }),
    ).toBeInTheDocument();
    expect(
      within(rows[1] as HTMLElement).getByRole("button", { name: "Pin thread: Other one" }),
    ).toBeInTheDocument();
  });

  it("picks threads with the keyboard and deletes them in one confirmed action", async () => {
    const { posts } = serve([thread("a1", "First"), thread("a2", "Second"), thread("a3", "Third")]);
    const user = userEvent.setup();
    const first = await screen.findByRole("checkbox", { name: "Select thread: First" });
    first.focus();
    await user.keyboard(" ");
    expect(first).toBeChecked();
    const third = screen.getByRole("checkbox", { name: "Select thread: Third" });
    third.focus();
    await user.keyboard(" ");
    expect(screen.getByTestId("history-selected-count")).toHaveTextContent("2 selected");
    expect(screen.getByTestId("history-select-all")).toBePartiallyChecked();

    await user.click(screen.getByTestId("history-delete-selected"));
    const dialog = await screen.findByTestId("delete-threads-dialog");
    expect(dialog).toHaveTextContent("Delete 2 threads?");
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Delete 2 threads" }));
    await vi.waitFor(() => expect(posts).toEqual([{ threadIds: ["a1", "a3"] }]));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId("history-thread").map((r) => r.textContent)).toEqual([
        expect.stringContaining("Second"),
      ]),
    );
    expect(screen.queryByTestId("history-selected-count")).toBeNull();
  });

  it("select all picks every listed thread; Clear drops them", async () => {
    serve([thread("a1", "First"), thread("a2", "Second")]);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId("history-select-all"));
    expect(screen.getByTestId("history-selected-count")).toHaveTextContent("2 selected");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.queryByTestId("history-selected-count")).toBeNull();
    expect(screen.getByRole("checkbox", { name: "Select thread: First" })).not.toBeChecked();
  });

  it("says beside a row that its research runs or failed", async () => {
    serve([
      { ...thread("r1", "Running research"), kind: "research", state: "running" },
      { ...thread("r2", "Failed research"), kind: "research", state: "failed" },
      thread("a1", "Plain answer"),
    ]);
    const rows = await screen.findAllByTestId("history-thread");
    const [running, failed, plain] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(running).getByTestId("history-thread-state")).toHaveTextContent("Running");
    expect(within(failed).getByTestId("history-thread-state")).toHaveTextContent("Failed");
    expect(within(plain).queryByTestId("history-thread-state")).toBeNull();
  });
});
