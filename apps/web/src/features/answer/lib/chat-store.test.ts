import { afterEach, describe, expect, it, vi } from "vitest";
import { attachmentsOf } from "./answer-message.ts";
import { clearThreadChats, startThread } from "./chat-store.ts";

/** What the answer chat sends to POST /api/answer (the server's side is answer-attached.test.ts). */

const SSE = [
  {
    type: "start",
    messageId: "a1",
    messageMetadata: { entryId: "a1", threadId: "t", model: "x", offline: true },
  },
  { type: "text-start", id: "x" },
  { type: "text-delta", id: "x", delta: "Colza oil [1]." },
  { type: "text-end", id: "x" },
  { type: "finish" },
]
  .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
  .join("")
  .concat("data: [DONE]\n\n");

function answerServer() {
  const bodies: Array<Record<string, unknown>> = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(SSE, {
      headers: { "content-type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return bodies;
}

/** The `count`th request was sent and its answer has ended. */
async function settled(chat: { status: string }, bodies: unknown[], count: number) {
  await vi.waitFor(() => {
    expect(bodies).toHaveLength(count);
    expect(chat.status).toBe("ready");
  });
}

afterEach(() => {
  clearThreadChats();
  vi.unstubAllGlobals();
});

describe("answer chat requests", () => {
  it("sends the attached files' ids in the Local focus, again when the answer is regenerated", async () => {
    const bodies = answerServer();
    const attachments = [{ id: "7d0c6f9e-1111-4a4a-9b9b-000000000001", name: "skerry.md" }];
    const { chat } = startThread({
      threadId: "t1",
      owner: "u1",
      query: "What oil did the lamp burn?",
      attachments,
      settings: { focusMode: "web", reasoning: false },
    });
    await settled(chat, bodies, 1);
    expect(bodies[0]).toMatchObject({
      threadId: "t1",
      focusMode: "local",
      fileIds: [attachments[0]?.id],
    });
    // Only the question's text goes to the server as the message.
    const sent = bodies[0]?.messages as Array<{ parts: unknown[] }> | undefined;
    expect(sent?.[0]?.parts).toEqual([{ type: "text", text: "What oil did the lamp burn?" }]);
    // The question keeps its files on the page.
    const question = chat.messages[0];
    expect(question && attachmentsOf(question)).toEqual(attachments);

    await chat.regenerate();
    await settled(chat, bodies, 2);
    expect(bodies[1]).toMatchObject({
      trigger: "regenerate-message",
      fileIds: [attachments[0]?.id],
    });
  });

  it("sends no fileIds and keeps the chosen focus for a question without files", async () => {
    const bodies = answerServer();
    const { chat } = startThread({
      threadId: "t2",
      owner: "u1",
      query: "What is Nexus?",
      settings: { focusMode: "academic", reasoning: false },
    });
    await settled(chat, bodies, 1);
    expect(bodies[0]).toMatchObject({ focusMode: "academic" });
    expect(bodies[0]).not.toHaveProperty("fileIds");
  });
});
