import { TIER_LIMITS, type TierLimitsResponse } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SubscriptionPlans } from "./subscription-plans.tsx";

/** What an operator's TIER_LIMITS=free.agent=20,free.search=1234,pro.files=777 makes the server send. */
const CONFIGURED: TierLimitsResponse = {
  limits: {
    anonymous: { ...TIER_LIMITS.anonymous },
    free: { ...TIER_LIMITS.free, agentUsage: 20, search: 1234 },
    pro: { ...TIER_LIMITS.pro, addFiles: 777 },
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function row(plan: HTMLElement, label: string): string {
  const term = within(plan).getByText(label);
  return term.closest("div")?.querySelector("dd")?.textContent ?? "";
}

describe("SubscriptionPlans", () => {
  it("shows the limits the server sends (GET /api/usage/limits), not built-in numbers", async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      expect(String(input)).toContain("/api/usage/limits");
      return new Response(JSON.stringify(CONFIGURED), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SubscriptionPlans currentTier="free" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const free = screen.getByTestId("plan-free");
    const pro = screen.getByTestId("plan-pro");
    await within(free).findByText("1,234");
    expect(row(free, "Agent chats per month")).toBe("20");
    expect(row(free, "Searches per month")).toBe("1,234");
    expect(row(pro, "File uploads per month")).toBe("777");
    expect(fetchMock).toHaveBeenCalled();
    // A self-hosted server: Pro is the administrator's to grant, asked for through the contact
    // form (its requests land in their admin inbox), never "upgraded" by paying.
    expect(within(pro).getByRole("link", { name: "Ask for Pro" })).toHaveAttribute(
      "href",
      "/book-demo",
    );
    expect(screen.getByText(/granted by the administrator of this Nexus server/)).toHaveTextContent(
      "there is no payment here. Ask for Pro and your request reaches them.",
    );
  });
});
