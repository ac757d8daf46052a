import {
  AGENT_NEEDS_MODEL_HOW_TO,
  type AgentCatalogueEntry,
  type AgentsResponse,
  PRESET_AGENT_INFO,
  type PresetAgentId,
} from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { agentKeys } from "../api/get-agents.ts";
import { AgentsHub } from "./agents-hub.tsx";

function agent(
  id: PresetAgentId,
  category: AgentCatalogueEntry["category"],
  extra: Partial<AgentCatalogueEntry> = {},
): AgentCatalogueEntry {
  return {
    id,
    ...PRESET_AGENT_INFO[id],
    category,
    icon: "message-circle",
    starters: ["One", "Two", "Three"],
    tools: [],
    needsModel: true,
    available: true,
    ...extra,
  };
}

const AGENTS: AgentCatalogueEntry[] = [
  agent("maya", "everyday"),
  agent("writer", "writing", { icon: "pen-line" }),
  agent("humanizer", "writing", { icon: "no-such-icon" }),
  agent("eli5", "learning", { icon: "baby" }),
  agent("url-qa", "research", {
    icon: "link",
    needsModel: false,
    tools: ["read-url"],
    keywords: ["link", "web page", "document"],
  }),
  agent("code-buddy", "code", { keywords: ["programming", "python", "run code"] }),
];

function response(overrides: Partial<AgentsResponse> = {}): AgentsResponse {
  return {
    agents: AGENTS,
    modelConfigured: true,
    recent: [],
    needsModel: AGENT_NEEDS_MODEL_HOW_TO,
    ...overrides,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderHub(data?: AgentsResponse, url = "/app/agents") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (data) client.setQueryData(agentKeys.catalogue(), data);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AgentsHub />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cardNames = () =>
  screen
    .queryAllByTestId("preset-agent-card")
    .map((card) => card.getAttribute("data-agent-id") ?? "");

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AgentsHub", () => {
  it("lists the catalogue's agents with their descriptions and links, and no placeholder for a later release", () => {
    renderHub(response());
    expect(cardNames()).toEqual(["maya", "writer", "humanizer", "eli5", "url-qa", "code-buddy"]);
    const writer = screen.getByRole("link", { name: /Writer/ });
    expect(writer).toHaveAttribute("href", "/app/agents/writer");
    expect(writer).toHaveTextContent(PRESET_AGENT_INFO.writer.description);
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/release/i)).not.toBeInTheDocument();
    // The specialists stay on top, document chat among them.
    expect(screen.getByRole("link", { name: /Deep research/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Document chat/ })).toHaveAttribute(
      "href",
      "/app/files",
    );
  });

  it("filters by name or description, in any case, and says when nothing matches", async () => {
    const user = userEvent.setup();
    renderHub(response());
    const search = screen.getByRole("searchbox", { name: "Search agents" });
    await user.type(search, "FIVE-YEAR");
    expect(cardNames()).toEqual(["eli5"]);
    await user.clear(search);
    await user.type(search, "humaniz");
    expect(cardNames()).toEqual(["humanizer"]);
    await user.clear(search);
    await user.type(search, "zebra");
    expect(cardNames()).toEqual([]);
    expect(screen.getByTestId("agents-no-match")).toHaveTextContent("No agents match “zebra”");
    await user.click(screen.getByRole("button", { name: "Show all agents" }));
    expect(cardNames()).toHaveLength(AGENTS.length);
    expect(search).toHaveValue("");
  });

  it("offers a chip per category that has agents, pressed when chosen, reachable by keyboard", async () => {
    const user = userEvent.setup();
    renderHub(response());
    const group = screen.getByRole("group", { name: "Categories" });
    const chips = within(group).getAllByRole("button");
    expect(chips.map((chip) => chip.textContent)).toEqual([
      "All",
      "Everyday",
      "Writing",
      "Learning",
      "Research",
      "Code",
    ]);
    expect(within(group).getByRole("button", { name: "All" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    within(group).getByRole("button", { name: "Writing" }).focus();
    await user.keyboard("{Enter}");
    expect(within(group).getByRole("button", { name: "Writing" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(within(group).getByRole("button", { name: "All" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect(cardNames()).toEqual(["writer", "humanizer"]);
    // Search and category together.
    await user.type(screen.getByRole("searchbox", { name: "Search agents" }), "machine");
    expect(cardNames()).toEqual(["humanizer"]);
    await user.click(within(group).getByRole("button", { name: "All" }));
    expect(cardNames()).toEqual(["humanizer"]);
  });

  it("finds agents and specialists by what they can do: pdf, document, python", async () => {
    const user = userEvent.setup();
    renderHub(response());
    const search = screen.getByRole("searchbox", { name: "Search agents" });
    const specialists = () =>
      within(screen.queryByTestId("specialist-matches") ?? document.createElement("div"))
        .queryAllByTestId("specialist-card")
        .map((card) => card.textContent ?? "");
    await user.type(search, "PDF");
    expect(specialists()).toEqual([expect.stringMatching(/^Document chat/)]);
    expect(screen.queryByTestId("agents-no-match")).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "document");
    expect(cardNames()).toEqual(["url-qa"]);
    expect(specialists()).toEqual([
      expect.stringMatching(/^Document chat/),
      expect.stringMatching(/^Structured information extraction/),
    ]);
    await user.clear(search);
    await user.type(search, "python");
    expect(cardNames()).toEqual(["code-buddy"]);
    expect(specialists()).toEqual([]);
    // Every word must match somewhere.
    await user.clear(search);
    await user.type(search, "python zebra");
    expect(cardNames()).toEqual([]);
    expect(screen.getByTestId("agents-no-match")).toBeInTheDocument();
  });

  it("keeps the chosen category in the URL, and reads it back", async () => {
    const user = userEvent.setup();
    renderHub(response(), "/app/agents?category=writing");
    const group = screen.getByRole("group", { name: "Categories" });
    expect(within(group).getByRole("button", { name: "Writing" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(cardNames()).toEqual(["writer", "humanizer"]);
    await user.click(within(group).getByRole("button", { name: "Code" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/app/agents?category=code");
    expect(cardNames()).toEqual(["code-buddy"]);
    await user.click(within(group).getByRole("button", { name: "All" }));
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/app\/agents$/);
  });

  it("shows every agent for a category it does not know", () => {
    renderHub(response(), "/app/agents?category=astrology");
    expect(cardNames()).toHaveLength(AGENTS.length);
    expect(
      within(screen.getByRole("group", { name: "Categories" })).getByRole("button", {
        name: "All",
      }),
    ).toHaveAttribute("aria-pressed", "true");
  });

  it("shows Recently used first, in the server's order, only while not filtering", async () => {
    const user = userEvent.setup();
    renderHub(response({ recent: ["eli5", "maya"] }));
    const recent = screen.getByTestId("recent-agents");
    expect(within(recent).getByRole("heading", { name: "Recently used" })).toBeInTheDocument();
    expect(
      within(recent)
        .getAllByTestId("recent-agent-card")
        .map((card) => card.getAttribute("data-agent-id")),
    ).toEqual(["eli5", "maya"]);
    // Before the full list in the document.
    const firstCard = screen.getAllByRole("link", { name: /ELI5|Maya|Writer/ })[0];
    expect(recent).toContainElement(firstCard ?? null);
    await user.type(screen.getByRole("searchbox", { name: "Search agents" }), "a");
    expect(screen.queryByTestId("recent-agents")).not.toBeInTheDocument();
  });

  it("has no Recently used row when the person has no conversations", () => {
    renderHub(response());
    expect(screen.queryByTestId("recent-agents")).not.toBeInTheDocument();
    expect(screen.queryByText("Recently used")).not.toBeInTheDocument();
  });

  it("marks agents that need a model the server lacks, with the how-to as tooltip", () => {
    renderHub(
      response({
        modelConfigured: false,
        agents: AGENTS.map((a) => ({ ...a, available: !a.needsModel })),
      }),
    );
    const badges = screen.getAllByTestId("agent-needs-model-badge");
    expect(badges).toHaveLength(5);
    expect(badges[0]).toHaveTextContent("Needs a model");
    expect(badges[0]).toHaveAttribute("title", AGENT_NEEDS_MODEL_HOW_TO);
    const urlQa = screen.getByRole("link", { name: /URL Q&A/ });
    expect(within(urlQa).queryByText("Needs a model")).not.toBeInTheDocument();
    const maya = screen.getByRole("link", { name: /Maya/ });
    expect(maya).toHaveAccessibleDescription(expect.stringContaining("LLM_BASE_URL"));
  });

  it("draws each agent's icon, and Bot for an icon it does not know", () => {
    renderHub(response());
    const writer = screen.getByRole("link", { name: /Writer/ });
    expect(writer.querySelector("svg")?.getAttribute("class")).toContain("lucide-pen-line");
    const humanizer = screen.getByRole("link", { name: /Humanizer/ });
    expect(humanizer.querySelector("svg")?.getAttribute("class")).toContain("lucide-bot");
  });

  it("shows a skeleton while loading, then an error with Retry that loads again", async () => {
    const user = userEvent.setup();
    let calls = 0;
    let release: (() => void) | undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        calls += 1;
        if (calls === 1) {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return new Response(
            JSON.stringify({ error: { code: "internal", message: "Database down." } }),
            { status: 500, headers: { "content-type": "application/json" } },
          );
        }
        return new Response(JSON.stringify(response()), {
          headers: { "content-type": "application/json" },
        });
      }),
    );
    renderHub();
    expect(await screen.findByTestId("agents-loading")).toBeInTheDocument();
    release?.();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The agents could not be loaded. Database down.");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findAllByTestId("preset-agent-card")).toHaveLength(AGENTS.length);
  });
});
