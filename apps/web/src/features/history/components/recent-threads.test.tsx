import type { HistoryPage, ThreadSummary } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meQueryKey, SessionProvider } from "@/lib/session.tsx";
import { SIGNED_IN } from "@/test/signed-in.ts";
import { RecentThreads } from "./recent-threads.tsx";

/** The sidebar's Recent: a research running or failed is listed with its state (issue 37). */

afterEach(() => {
  vi.unstubAllGlobals();
});

function thread(
  threadId: string,
  title: string,
  research: boolean,
  state?: ThreadSummary["state"],
): ThreadSummary {
  const now = new Date().toISOString();
  return {
    threadId,
    title,
    firstQuery: title,
    firstTimestamp: now,
    latestTimestamp: now,
    focusMode: "web",
    messageCount: research ? 0 : 1,
    preview: "",
    kind: research ? "research" : "answer",
    label: research ? "Deep research" : "Answer",
    subject: null,
    badge: research ? "Deep research" : null,
    icon: research ? "telescope" : null,
    href: research ? `/app/agents/deepresearch/${threadId}` : `/app/search/${threadId}`,
    agentId: null,
    agentName: null,
    documentId: null,
    pinned: false,
    ...(state ? { state } : {}),
  };
}

describe("RecentThreads", () => {
  it("marks a research running or failed beside its title; other threads carry no state", async () => {
    const page: HistoryPage = {
      threads: [
        thread("r1", "How are tides measured?", true, "running"),
        thread("r2", "Why did the plan fail?", true, "failed"),
        thread("a1", "What is a spring tide?", false),
      ],
      nextCursor: null,
    };
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify(page), { headers: { "content-type": "application/json" } }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(meQueryKey, SIGNED_IN);
    render(
      <QueryClientProvider client={client}>
        <SessionProvider>
          <MemoryRouter>
            <RecentThreads />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByTestId("recent-thread");
    expect(rows.map((row) => row.getAttribute("data-state"))).toEqual(["running", "failed", null]);
    const [running, failed, answer] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(running).getByTestId("recent-thread-state")).toHaveTextContent("Running");
    expect(running).toHaveAttribute("title", "How are tides measured? (Deep research), running");
    expect(running).toHaveAttribute("href", "/app/agents/deepresearch/r1");
    expect(within(failed).getByTestId("recent-thread-state")).toHaveTextContent("Failed");
    expect(within(answer).queryByTestId("recent-thread-state")).toBeNull();
    // Each title is isolated in its own direction (an English question in the Arabic sidebar
    // keeps its "?" at its end).
    expect(answer.querySelector("bdi")).toHaveTextContent("What is a spring tide?");
  });
});
