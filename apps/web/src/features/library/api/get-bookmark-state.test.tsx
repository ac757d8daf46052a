import type { ThreadResponse } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { threadKeys } from "@/lib/query-keys.ts";
import { useIsBookmarked } from "./get-bookmark-state.ts";

/** A thread whose entries e1 (bookmarked) and e2 (not) are all the test reads. */
function thread(bookmarked: boolean): ThreadResponse {
  return {
    threadId: "T1",
    entries: [
      { id: "e1", isBookmarked: bookmarked },
      { id: "e2", isBookmarked: false },
    ],
  } as unknown as ThreadResponse;
}

function setUp(fromServer: ThreadResponse) {
  const fetch = vi.fn(
    async (_input: RequestInfo | URL) =>
      new Response(JSON.stringify(fromServer), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      }),
  );
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const render = () =>
    renderHook(() => useIsBookmarked({ threadId: "T1", entryId: "e1", enabled: true }), {
      wrapper,
    });
  return { fetch, client, render };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("useIsBookmarked", () => {
  it("reads the answer page's loaded thread instead of asking for it again", async () => {
    const { fetch, client, render } = setUp(thread(false));
    client.setQueryData(threadKeys.one("T1"), thread(true));
    const { result } = render();
    expect(result.current).toEqual({ isBookmarked: true, isLoading: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks the server when the thread is not loaded", async () => {
    const { fetch, render } = setUp(thread(true));
    const { result } = render();
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current).toEqual({ isBookmarked: true, isLoading: false }));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toContain("/api/threads/T1");
  });

  it("asks again when the loaded thread is older than the state may be", async () => {
    const { fetch, client, render } = setUp(thread(true));
    client.setQueryData(threadKeys.one("T1"), thread(false), { updatedAt: Date.now() - 120_000 });
    const { result } = render();
    expect(result.current.isBookmarked).toBe(false);
    await waitFor(() => expect(result.current.isBookmarked).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
