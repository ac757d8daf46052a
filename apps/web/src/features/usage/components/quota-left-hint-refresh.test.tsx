import type { UsageSummary } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuotaLeftHint } from "./quota-left-hint.tsx";

/**
 * The hint reads GET /api/usage again when `refreshOn` changes (an answer ended, an upload
 * finished), so the count it shows follows what was used; a re-render with the same value does not.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

function summary(searchesUsed: number): UsageSummary {
  return {
    tier: "anonymous",
    period: "daily",
    periodKey: "2026-11-28",
    resetsAt: "2026-11-29T00:00:00.000Z",
    counters: {
      search: { current: searchesUsed, limit: 100 },
      addFiles: { current: 0, limit: 0 },
      agentUsage: { current: 0, limit: 0 },
    },
  };
}

/** A usage API that counts one more search each time it is read. */
function countingServer(startAt: number) {
  let used = startAt;
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toContain("/api/usage");
    const body = summary(used);
    used += 1;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function withClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe("QuotaLeftHint", () => {
  it("reads the counts again when refreshOn changes, and only then", async () => {
    const fetchMock = countingServer(97);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { rerender } = render(<QuotaLeftHint counter="search" refreshOn={false} />, {
      wrapper: withClient(client),
    });
    // 97 used: 3 left, no hint yet.
    await vi.waitFor(() => expect(client.getQueryData(["usage"])).toBeDefined());
    expect(screen.queryByTestId("quota-left")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // An answer starts (busy): the counts are read again (98 used: 2 left).
    rerender(<QuotaLeftHint counter="search" refreshOn={true} />);
    expect(await screen.findByText("2 searches left today")).toBeTruthy();
    expect(screen.getByTestId("quota-left").dataset.counter).toBe("search");
    const reads = fetchMock.mock.calls.length;

    // The same value again: nothing is read.
    rerender(<QuotaLeftHint counter="search" refreshOn={true} />);
    expect(fetchMock).toHaveBeenCalledTimes(reads);

    // It ends: read again (99 used: 1 left).
    rerender(<QuotaLeftHint counter="search" refreshOn={false} />);
    expect(await screen.findByText("1 search left today")).toBeTruthy();
  });
});
