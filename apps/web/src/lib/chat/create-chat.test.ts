import type { UIMessage } from "ai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatRequestError, chatQuotaOf } from "./chat-fetch.ts";
import { createChat } from "./create-chat.ts";

const encoder = new TextEncoder();
const sse = (chunk: unknown) => encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`);
const STREAM_HEADERS = {
  "content-type": "text/event-stream",
  "x-vercel-ai-ui-message-stream": "v1",
};

/** A chat server whose stream the test writes chunk by chunk. */
function streamingServer() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const bodies: Array<Record<string, unknown>> = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
    });
    return new Response(body, { headers: STREAM_HEADERS });
  });
  const write = (chunk: unknown) => controller?.enqueue(sse(chunk));
  const end = () => {
    controller?.enqueue(encoder.encode("data: [DONE]\n\n"));
    controller?.close();
  };
  return { fetch, bodies, write, end };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("createChat (every chat kind)", () => {
  it("shows the server's data-status retry while the reply runs, and clears it when it ends", async () => {
    const server = streamingServer();
    const { chat, retrying } = createChat<UIMessage>({
      id: "c1",
      api: "/api/agents/research/chat",
      fetch: server.fetch,
      body: () => ({ threadId: "t1" }),
    });
    void chat.sendMessage({ text: "Who built the lighthouse?" });
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(1));
    server.write({ type: "start", messageId: "r1" });
    server.write({
      type: "data-status",
      data: { state: "retrying", attempt: 2, maxAttempts: 3, reason: "busy" },
      transient: true,
    });
    await vi.waitFor(() =>
      expect(retrying.get()).toEqual({
        state: "retrying",
        attempt: 2,
        maxAttempts: 3,
        reason: "busy",
      }),
    );
    server.write({ type: "text-start", id: "x" });
    server.write({ type: "text-delta", id: "x", delta: "Stevenson." });
    server.write({ type: "text-end", id: "x" });
    server.write({ type: "finish" });
    server.end();
    await vi.waitFor(() => expect(chat.status).toBe("ready"));
    expect(retrying.get()).toBeNull();
    // The transient status is not kept in the reply.
    expect(chat.messages.at(-1)?.parts.map((part) => part.type)).toEqual(["text"]);
    // The request: the messages' text, the kind's own fields.
    expect(server.bodies[0]).toMatchObject({
      threadId: "t1",
      trigger: "submit-message",
      messages: [{ role: "user", parts: [{ type: "text", text: "Who built the lighthouse?" }] }],
    });
  });

  it("fails a refused request with one ChatRequestError carrying the quota that ran out", async () => {
    const details = {
      counter: "agentUsage",
      limit: 5,
      current: 5,
      tier: "free",
      resetsAt: "2026-12-01T00:00:00.000Z",
      upgrade: "plans",
    };
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            error: { code: "quota_exceeded", message: "You've used all 5 agent chats." },
            details,
          }),
          { status: 429, headers: { "content-type": "application/json" } },
        ),
    );
    const { chat, retrying } = createChat<UIMessage>({ id: "c2", api: "/api/answer", fetch });
    await chat.sendMessage({ text: "One more?" });
    expect(chat.status).toBe("error");
    expect(chat.error).toBeInstanceOf(ChatRequestError);
    expect(chatQuotaOf(chat.error)).toEqual(details);
    expect(retrying.get()).toBeNull();
  });

  it("marks a stopped reply as the kind says, and keeps it so", async () => {
    const server = streamingServer();
    const markStopped = vi.fn((messages: UIMessage[]) =>
      messages.map((message, index) =>
        index === messages.length - 1 ? { ...message, metadata: { stopped: true } } : message,
      ),
    );
    const onFinish = vi.fn();
    const { chat } = createChat<UIMessage>({
      id: "c3",
      api: "/api/answer",
      fetch: server.fetch,
      markStopped,
      onFinish,
    });
    void chat.sendMessage({ text: "Tell me everything" });
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalledTimes(1));
    server.write({ type: "start", messageId: "r1" });
    server.write({ type: "text-start", id: "x" });
    server.write({ type: "text-delta", id: "x", delta: "Once upon" });
    await vi.waitFor(() => expect(chat.messages.at(-1)?.role).toBe("assistant"));
    await chat.stop();
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(markStopped).toHaveBeenCalledTimes(1);
    expect(chat.messages.at(-1)?.metadata).toEqual({ stopped: true });
    expect(onFinish.mock.calls[0]?.[0]).toMatchObject({ isAbort: true });
    expect(onFinish.mock.calls[0]?.[0].messages.at(-1)?.metadata).toEqual({ stopped: true });
  });
});
