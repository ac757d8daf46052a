import { AGENT_NEEDS_MODEL_HOW_TO, AGENT_NEEDS_MODEL_TITLE } from "@nexus/contracts";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  json,
  mountCount,
  reply,
  resetAgentChatTest,
  server,
  setup,
  streamResponse,
} from "./agent-chat-test-kit.tsx";

afterEach(resetAgentChatTest);

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
    expect(mountCount()).toBe(1);
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
});
