import {
  AGENT_NEEDS_MODEL_HOW_TO,
  AGENT_NEEDS_MODEL_TITLE,
  type AgentCatalogueEntry,
  type AgentsResponse,
  type MeResponse,
  OFFLINE_MODE_LABEL,
  PRESET_AGENT_INFO,
  storedResultsOf,
  storedTurnToMessages,
  type ThreadResponse,
} from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { MemoryRouter, Route, Routes, useLocation, useParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PartRendererProps } from "@/components/chat/part-registry.tsx";
import { meQueryKey, SessionProvider } from "@/lib/session.tsx";
import { agentKeys } from "../api/get-agents.ts";
import { clearAgentChats } from "../lib/agent-chat-store.ts";
import { AgentChatScreen } from "./agent-chat.tsx";
import { type AgentChatSlots, AgentChatSlotsContext } from "./agent-chat-slots.tsx";

const SIGNED_IN: MeResponse = {
  user: {
    id: "u1",
    name: "Ada Lovelace",
    email: "ada@acme.com",
    photoURL: null,
    orgName: "Acme",
    orgID: "",
    tier: "free",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  },
  tier: "free",
  isSuperAdmin: false,
};

const WRITER: AgentCatalogueEntry = {
  id: "writer",
  ...PRESET_AGENT_INFO.writer,
  category: "writing",
  icon: "pen-line",
  starters: ["Tighten this paragraph", "Draft a cover letter", "Make it friendlier"],
  tools: ["web-search", "read-url"],
  needsModel: true,
  available: true,
};

function catalogue(available = true): AgentsResponse {
  return {
    agents: [{ ...WRITER, available }],
    modelConfigured: available,
    recent: [],
    needsModel: AGENT_NEEDS_MODEL_HOW_TO,
  };
}

const sse = (chunks: readonly object[]) =>
  chunks
    .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
    .join("")
    .concat("data: [DONE]\n\n");

function reply(threadId: string, entryId = "e1") {
  return sse([
    {
      type: "start",
      messageId: entryId,
      messageMetadata: { entryId, threadId, agentId: "writer", model: "m", offline: false },
    },
    { type: "start-step" },
    {
      type: "tool-input-available",
      toolCallId: "c1",
      toolName: "web-search",
      input: { query: "cover letters" },
    },
    {
      type: "tool-output-available",
      toolCallId: "c1",
      output: { results: [{ title: "Guide", url: "https://example.com/guide", snippet: "" }] },
    },
    { type: "finish-step" },
    { type: "start-step" },
    { type: "source-url", sourceId: "s1", url: "https://example.com/guide", title: "Guide" },
    { type: "text-start", id: "t" },
    { type: "text-delta", id: "t", delta: "Dear hiring manager [1]." },
    { type: "text-end", id: "t" },
    { type: "finish-step" },
    { type: "finish" },
  ]);
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The catalogue the screen was set up with (setup sets it), served again when refetched. */
let shownCatalogue: AgentsResponse = catalogue();

/** A stand-in for the agents API: each chat request takes the next response. */
function server(chatResponses: Array<() => Response>, thread?: ThreadResponse | null) {
  const bodies: Array<Record<string, unknown>> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith("/chat")) {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      const next = chatResponses.shift();
      if (!next) throw new Error("no more chat responses");
      return next();
    }
    // The catalogue is asked for again after a reply ends or fails (it names recent agents).
    if (url.endsWith("/api/agents")) return json(shownCatalogue);
    if (url.includes("/threads/")) {
      return thread
        ? json(thread)
        : json({ error: { code: "not_found", message: "Not found." } }, 404);
    }
    console.log("UNEXPECTED", url);
    throw new Error(`unexpected request ${url}`);
  });
  vi.stubGlobal("fetch", fetch);
  return { bodies, fetch };
}

const streamResponse = (body: string) => () =>
  new Response(body, {
    headers: { "content-type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" },
  });

let mounts = 0;
function Screen() {
  const { threadId } = useParams();
  useEffect(() => {
    mounts += 1;
  }, []);
  return <AgentChatScreen agentId="writer" threadId={threadId} />;
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function setup(
  path = "/app/agents/writer",
  available = true,
  extraSlots: Partial<AgentChatSlots> = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQueryKey, SIGNED_IN);
  shownCatalogue = catalogue(available);
  client.setQueryData(agentKeys.catalogue(), shownCatalogue);
  const quota = vi.fn((details: unknown) => (
    <p data-testid="quota-card">{JSON.stringify(details)}</p>
  ));
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <AgentChatSlotsContext
          value={{
            parts: {
              // The registered text renderer replaces the shared one (as the Python course's does).
              text: ({ part, sources }: PartRendererProps<{ type: "text"; text: string }>) =>
                part.text.trim() === "" ? null : (
                  <div data-testid="markdown" data-sources={sources.map((s) => s.url).join(" ")}>
                    {part.text}
                  </div>
                ),
            },
            renderQuota: quota,
            ...extraSlots,
          }}
        >
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/app/agents/:agentId" element={<Screen />} />
              <Route path="/app/agents/:agentId/:threadId" element={<Screen />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </AgentChatSlotsContext>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), quota, client };
}

afterEach(() => {
  clearAgentChats();
  vi.unstubAllGlobals();
  mounts = 0;
});

describe("AgentChatScreen", () => {
  it("draws the agent's workbench above the composer; the workbench can fill the composer", async () => {
    server([]);
    const { user } = setup("/app/agents/writer", true, {
      renderWorkbench: ({ fillComposer, composerDisabled }) => (
        <button type="button" disabled={composerDisabled} onClick={() => fillComposer("My draft")}>
          Draft it
        </button>
      ),
    });
    const composer = screen.getByRole("textbox", { name: "Message Writer" });
    composer.focus();
    await user.keyboard("typed");
    await user.click(screen.getByRole("button", { name: "Draft it" }));
    expect(composer).toHaveValue("My draft");
    expect(composer).toHaveFocus();
    expect(screen.getByRole("button", { name: "Send" })).toBeEnabled();
  });

  it("tells the workbench when the composer takes no message (no model)", () => {
    server([]);
    setup("/app/agents/writer", false, {
      renderWorkbench: ({ composerDisabled }) => (
        <output data-testid="workbench">{composerDisabled ? "disabled" : "enabled"}</output>
      ),
    });
    expect(screen.getByTestId("workbench")).toHaveTextContent("disabled");
  });

  it("starts from a starter, streams the reply with its tool call and citations, then takes the conversation's URL without losing it", async () => {
    const { bodies } = server([streamResponse(reply("T1"))]);
    const { user } = setup();
    expect(screen.getByRole("heading", { level: 1, name: "Writer" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /All agents/ })).toHaveAttribute("href", "/app/agents");
    await user.click(screen.getByRole("button", { name: "Draft a cover letter" }));

    expect(await screen.findByTestId("markdown")).toHaveTextContent("Dear hiring manager [1].");
    expect(screen.getByTestId("markdown")).toHaveAttribute(
      "data-sources",
      "https://example.com/guide",
    );
    expect(screen.getByTestId("agent-user-message")).toHaveTextContent("Draft a cover letter");
    expect(screen.getByText(/Searched the web: 1 result/)).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getByTestId("where")).toHaveTextContent("/app/agents/writer/T1"),
    );
    // Same chat on the new URL: nothing loaded from the server, the reply still there.
    expect(screen.getByTestId("markdown")).toHaveTextContent("Dear hiring manager");
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      trigger: "submit-message",
      messages: [{ role: "user", parts: [{ type: "text", text: "Draft a cover letter" }] }],
    });
    expect(bodies[0]).not.toHaveProperty("threadId");
    expect(screen.queryByRole("button", { name: "Draft a cover letter" })).not.toBeInTheDocument();
    expect(mounts).toBe(1);
  });

  it("sends the conversation's threadId with the next message, and regenerates the last reply by its id", async () => {
    const { bodies } = server([
      streamResponse(reply("T1", "e1")),
      streamResponse(reply("T1", "e2")),
      streamResponse(reply("T1", "e3")),
    ]);
    const { user } = setup();
    const box = screen.getByRole("textbox", { name: "Message Writer" });
    await user.type(box, "First{Enter}");
    await vi.waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/T1"));
    await screen.findByRole("button", { name: "Regenerate" });
    await user.type(screen.getByRole("textbox", { name: "Message Writer" }), "Second{Enter}");
    await vi.waitFor(() => expect(screen.getAllByTestId("agent-reply")).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ threadId: "T1", trigger: "submit-message" });
    // Only the last reply offers Regenerate.
    const regenerate = await screen.findAllByRole("button", { name: "Regenerate" });
    expect(regenerate).toHaveLength(1);
    await user.click(regenerate[0] as HTMLElement);
    await vi.waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]).toMatchObject({
      threadId: "T1",
      trigger: "regenerate-message",
      messageId: "e2",
    });
  });

  it("Shift+Enter adds a line, Enter sends", async () => {
    const { bodies } = server([streamResponse(reply("T1"))]);
    const { user } = setup();
    const box = screen.getByRole("textbox", { name: "Message Writer" });
    await user.type(box, "Line one{Shift>}{Enter}{/Shift}Line two");
    expect(box).toHaveValue("Line one\nLine two");
    expect(bodies).toHaveLength(0);
    await user.keyboard("{Enter}");
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(box).toHaveValue("");
  });

  it("shows the needs-model card before typing when the catalogue says the agent is unavailable", () => {
    server([]);
    setup("/app/agents/writer", false);
    const card = screen.getByTestId("agent-needs-model");
    expect(card).toHaveTextContent(AGENT_NEEDS_MODEL_TITLE);
    expect(card).toHaveTextContent(AGENT_NEEDS_MODEL_HOW_TO);
    expect(within(card).getByRole("link")).toHaveAttribute("href", "/blog/connecting-a-model");
    expect(screen.getByRole("textbox", { name: "Message Writer" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Draft a cover letter" })).toBeDisabled();
  });

  it("shows the needs-model card for a 409 needs_model", async () => {
    server([() => json({ error: { code: "needs_model", message: AGENT_NEEDS_MODEL_TITLE } }, 409)]);
    const { user } = setup();
    await user.type(screen.getByRole("textbox", { name: "Message Writer" }), "Hi{Enter}");
    expect(await screen.findByTestId("agent-needs-model")).toHaveTextContent(
      AGENT_NEEDS_MODEL_HOW_TO,
    );
  });

  it("hands a 429's quota details to the quota card", async () => {
    const details = {
      limit: 5,
      current: 5,
      tier: "free",
      resetsAt: "2026-01-02T00:00:00.000Z",
      upgrade: "plans",
    };
    server([() => json({ error: { code: "quota_exceeded", message: "Limit.", details } }, 429)]);
    const { user, quota } = setup();
    await user.type(screen.getByRole("textbox", { name: "Message Writer" }), "Hi{Enter}");
    // The refused message is not lost: it is back in the composer, not left as a sent bubble.
    await vi.waitFor(() => {
      expect(screen.getByRole("textbox", { name: "Message Writer" })).toHaveValue("Hi");
      expect(screen.queryAllByTestId("agent-user-message")).toHaveLength(0);
    });
    // The card is still shown once the question has left the page. (Asked for afresh: it moves
    // from under the refused turn to the empty conversation, a new element.)
    expect(screen.getByTestId("quota-card")).toBeInTheDocument();
    expect(quota).toHaveBeenCalledWith(details);
  });

  it("shows the composer hint of a new conversation only", async () => {
    server([streamResponse(reply("T1", "e1"))]);
    const { user } = setup("/app/agents/writer", true, {
      renderComposerHint: () => <span data-testid="hint">2 agent chats left this month</span>,
    });
    expect(screen.getByTestId("hint")).toHaveTextContent("2 agent chats left this month");
    await user.type(screen.getByRole("textbox", { name: "Message Writer" }), "First{Enter}");
    // A follow-up in this conversation is not charged: no hint once it has begun.
    await vi.waitFor(() => expect(screen.queryByTestId("hint")).toBeNull());
  });

  it("offers a new conversation when this one is full", async () => {
    server([() => json({ error: { code: "conversation_full", message: "Full." } }, 409)]);
    const { user } = setup("/app/agents/writer");
    await user.type(screen.getByRole("textbox", { name: "Message Writer" }), "Hi{Enter}");
    const card = await screen.findByTestId("agent-conversation-full");
    expect(card).toHaveTextContent("This conversation is full");
    await user.click(within(card).getByRole("button", { name: "Start a new conversation" }));
    expect(await screen.findByRole("button", { name: "Draft a cover letter" })).toBeInTheDocument();
    expect(screen.queryByTestId("agent-conversation-full")).not.toBeInTheDocument();
  });

  it("shows any other error with Retry, which sends the same message again", async () => {
    const { bodies } = server([
      () => json({ error: { code: "internal", message: "The model failed." } }, 500),
      streamResponse(reply("T9")),
    ]);
    const { user } = setup();
    await user.type(screen.getByRole("textbox", { name: "Message Writer" }), "Hi{Enter}");
    const error = await screen.findByTestId("agent-error");
    expect(error).toHaveTextContent("The model failed.");
    await user.click(within(error).getByRole("button", { name: "Retry" }));
    expect(await screen.findByTestId("markdown")).toBeInTheDocument();
    expect(screen.getAllByTestId("agent-user-message")).toHaveLength(1);
    expect(bodies[1]).toMatchObject({ trigger: "submit-message" });
  });

  it("loads a saved conversation and goes on with it", async () => {
    const { bodies, fetch } = server([streamResponse(reply("T5", "e9"))], {
      threadId: "T5",
      kind: "agent",
      subject: { id: "writer", name: "Writer" },
      entries: [],
      messages: [
        { id: "e1-question", role: "user", parts: [{ type: "text", text: "Earlier question" }] },
        {
          id: "e1",
          role: "assistant",
          metadata: { entryId: "e1", threadId: "T5", agentId: "writer" },
          parts: [
            { type: "step-start" },
            {
              type: "tool-read-url",
              toolCallId: "c",
              state: "output-available",
              input: { url: "https://example.com/x" },
              output: { url: "https://example.com/x", title: "X page", text: "", truncated: false },
            },
            { type: "text", text: "Earlier reply", state: "done" },
          ],
        },
      ],
    });
    const { user } = setup("/app/agents/writer/T5");
    expect(await screen.findByText("Earlier reply")).toBeInTheDocument();
    expect(screen.getByTestId("agent-user-message")).toHaveTextContent("Earlier question");
    expect(screen.getByTestId("agent-tool")).toHaveTextContent("Read example.com: X page");
    await user.type(screen.getByRole("textbox", { name: "Message Writer" }), "More{Enter}");
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ threadId: "T5" });
    expect(screen.getByTestId("where")).toHaveTextContent("/app/agents/writer/T5");
    // Restored through the one thread API.
    const asked = fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.includes("threads"));
    expect(asked).toEqual(["/api/threads/T5?kind=agent&subject=writer"]);
  });

  it("restores an offline reply with its Offline mode badge (and a model's without)", async () => {
    // The saved turns as the server keeps them, read back through contracts' one converter.
    const turn = (id: string, offline: boolean) =>
      storedTurnToMessages({
        shape: "conversation",
        id,
        threadId: "T7",
        query: `Question ${id}`,
        agentId: "writer",
        parts: [{ type: "text", text: `Reply ${id}` }],
        results: storedResultsOf({ markdown: `Reply ${id}`, offline }),
      });
    server([], {
      threadId: "T7",
      kind: "agent",
      subject: { id: "writer", name: "Writer" },
      entries: [],
      messages: [...turn("e1", true), ...turn("e2", false)],
    });
    setup("/app/agents/writer/T7");
    expect(await screen.findByText("Reply e2")).toBeInTheDocument();
    const [offline, online] = screen.getAllByTestId("agent-reply");
    expect(within(offline as HTMLElement).getByTestId("offline-badge")).toHaveTextContent(
      OFFLINE_MODE_LABEL,
    );
    expect(within(online as HTMLElement).queryByTestId("offline-badge")).toBeNull();
  });

  it("asks the one thread API for a conversation with this agent", async () => {
    const { fetch } = server([], null);
    setup("/app/agents/writer/T6");
    expect(await screen.findByTestId("thread-unavailable")).toBeInTheDocument();
    // The server answers a thread of another kind or agent as missing.
    const asked = fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.includes("threads"));
    expect(asked).toEqual(["/api/threads/T6?kind=agent&subject=writer"]);
  });

  it("says a conversation that is not there was not found, with a way to start one", async () => {
    server([], null);
    setup("/app/agents/writer/NOPE");
    const missing = await screen.findByTestId("thread-unavailable");
    expect(missing).toHaveTextContent("This thread isn't available");
    expect(within(missing).getByRole("link", { name: "Start a new conversation" })).toHaveAttribute(
      "href",
      "/app/agents/writer",
    );
  });
});

describe("the composer's Tools menu", () => {
  it("switches a tool off for this chat: the next message is sent without it, kept after naming", async () => {
    const { bodies } = server([streamResponse(reply("T7")), streamResponse(reply("T7", "e2"))]);
    const { user } = setup();
    const tools = screen.getByRole("button", { name: "Tools" });
    await user.click(tools);
    const menu = screen.getByRole("menu", { name: "Tools for this chat" });
    const web = within(menu).getByRole("menuitemcheckbox", { name: "Search the web" });
    expect(web).toHaveAttribute("aria-checked", "true");
    expect(web).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(web).toHaveAttribute("aria-checked", "false");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    const switched = screen.getByRole("button", {
      name: "Tools: 1 of 2 switched off for this chat",
    });
    expect(switched).toHaveFocus();

    await user.type(screen.getByRole("textbox", { name: "Message Writer" }), "Hi{Enter}");
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ toolsOff: ["web-search"] });
    await vi.waitFor(() =>
      expect(screen.getByTestId("where")).toHaveTextContent("/app/agents/writer/T7"),
    );
    // Named, the conversation keeps its switches in this browser (a reload reads them back).
    expect(JSON.parse(localStorage.getItem("nexus.tools-off:u1:writer:T7") ?? "[]")).toEqual([
      "web-search",
    ]);
    await user.click(switched);
    await user.click(screen.getByRole("menuitemcheckbox", { name: "Search the web" }));
    expect(localStorage.getItem("nexus.tools-off:u1:writer:T7")).toBeNull();
    await user.type(screen.getByRole("textbox", { name: "Message Writer" }), "Again{Enter}");
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).not.toHaveProperty("toolsOff");
  });
});
