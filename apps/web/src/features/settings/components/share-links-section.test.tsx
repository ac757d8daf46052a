import type { CustomAgent, MyShareList } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShareLinksSection } from "./share-links-section.tsx";

/**
 * Settings → Shared links lists every kind of share: answers and threads (GET /api/shares) and
 * the person's custom agents that have a link (GET /api/custom-agents), each revocable there.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const SHARES: MyShareList = {
  shares: [
    {
      shareId: "s1",
      kind: "thread",
      title: "Why are tides?",
      url: "https://nexus.test/share/s1",
      createdAt: "2026-12-01T10:00:00.000Z",
      chatKind: "answer",
      chatLabel: "Answer",
      subject: null,
    },
  ],
};

function agent(id: string, name: string, sharePath: string | null): CustomAgent {
  return {
    id,
    name,
    emoji: "⚓",
    color: "blue",
    description: "",
    instructions: "Be kind.",
    starters: [],
    tools: [],
    model: "default",
    isOwner: true,
    ownerName: "Ada",
    sharePath,
    knowledgeFiles: [],
    knowledgeCount: 0,
    available: true,
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-12-02T10:00:00.000Z",
  } as unknown as CustomAgent;
}

function serve(shares: MyShareList, own: CustomAgent[]) {
  const calls: string[] = [];
  let agents = own;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push(`${method} ${url}`);
      if (url === "/api/shares") return json(shares);
      if (url === "/api/custom-agents") return json({ own: agents, sharedWithMe: [] });
      const unshare = /^\/api\/custom-agents\/([^/]+)\/share$/.exec(url);
      if (method === "DELETE" && unshare) {
        agents = agents.map((a) => (a.id === unshare[1] ? { ...a, sharePath: null } : a));
        return json(agents.find((a) => a.id === unshare[1]));
      }
      throw new Error(`unexpected ${method} ${url}`);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ShareLinksSection />
    </QueryClientProvider>,
  );
  return { calls };
}

describe("ShareLinksSection", () => {
  it("lists answers' and threads' links and the custom agents shared by link, and revokes an agent's", async () => {
    const { calls } = serve(SHARES, [
      agent("a1", "Harbour guide", "/app/agents/custom/shared/tok1"),
      agent("a2", "Private helper", null),
    ]);
    const row = await screen.findByTestId("agent-link");
    expect(screen.getByTestId("share-link")).toHaveTextContent("Why are tides?");
    // Only the agent that has a link, with its absolute address.
    expect(screen.getAllByTestId("agent-link")).toHaveLength(1);
    expect(within(row).getByRole("link", { name: /Harbour guide/ })).toHaveAttribute(
      "href",
      `${window.location.origin}/app/agents/custom/shared/tok1`,
    );
    expect(row).toHaveTextContent("Custom agent");
    const user = userEvent.setup();
    await user.click(within(row).getByRole("button", { name: "Revoke link: Harbour guide" }));
    const dialog = await screen.findByTestId("revoke-agent-link-dialog");
    expect(dialog).toHaveTextContent("People who already added the agent keep it.");
    await user.click(within(dialog).getByRole("button", { name: "Revoke link" }));
    await vi.waitFor(() => expect(screen.queryByTestId("agent-link")).toBeNull());
    expect(calls).toContain("DELETE /api/custom-agents/a1/share");
    expect(screen.getByTestId("share-link")).toBeInTheDocument();
  });

  it("is empty only when there is no link of any kind", async () => {
    serve({ shares: [] }, [agent("a1", "Harbour guide", "/app/agents/custom/shared/tok1")]);
    expect(await screen.findByTestId("agent-link")).toBeInTheDocument();
    expect(screen.queryByTestId("share-links-empty")).toBeNull();
  });
});
