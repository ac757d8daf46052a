import { OFFLINE_MODE_LABEL, storedResultsOf, storedTurnToMessages } from "@nexus/contracts";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  reply,
  resetAgentChatTest,
  server,
  setup,
  streamResponse,
} from "./agent-chat-test-kit.tsx";

afterEach(resetAgentChatTest);

describe("AgentChatScreen: a saved conversation", () => {
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
