import { describe, expect, it } from "vitest";
import { networkErrorMessage } from "@/lib/api-client.ts";
import { ChatRequestError, chatErrorCode, chatQuotaOf, createChatFetch } from "./chat-fetch.ts";

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ChatRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ChatRequestError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("createChatFetch (every chat kind)", () => {
  it("passes successful responses through", async () => {
    const ok = new Response("data: {}\n\n", { status: 200 });
    const chatFetch = createChatFetch(async () => ok);
    expect(await chatFetch("/api/answer")).toBe(ok);
  });

  it("reads the quota details of a 429", async () => {
    const details = {
      limit: 100,
      current: 100,
      tier: "anonymous",
      resetsAt: "2026-01-02T00:00:00.000Z",
      upgrade: "sign-in",
    };
    const chatFetch = createChatFetch(async () =>
      json(429, { error: { code: "quota_exceeded", message: "Limit reached", details } }),
    );
    const error = await failureOf(chatFetch("/api/answer"));
    expect(error.status).toBe(429);
    expect(error.code).toBe("quota_exceeded");
    expect(error.message).toBe("Limit reached");
    expect(error.quota).toEqual({ counter: "search", ...details });
  });

  it("reads the quota details beside the error, where the server puts them", async () => {
    const details = {
      limit: 300,
      current: 300,
      tier: "free",
      resetsAt: "2026-12-01T00:00:00.000Z",
      upgrade: "plans",
    };
    const chatFetch = createChatFetch(async () =>
      json(429, {
        error: { code: "quota_exceeded", message: "You have reached your search limit." },
        details,
      }),
    );
    const error = await failureOf(chatFetch("/api/answer"));
    expect(error.code).toBe("quota_exceeded");
    expect(error.quota).toEqual({ counter: "search", ...details });
  });

  it("keeps the message of a 400 and has no quota", async () => {
    const chatFetch = createChatFetch(async () =>
      json(400, { error: { code: "bad_request", message: "A question is required" } }),
    );
    const error = await failureOf(chatFetch("/api/answer"));
    expect(error.status).toBe(400);
    expect(error.code).toBe("bad_request");
    expect(error.message).toBe("A question is required");
    expect(error.quota).toBeNull();
  });

  it("describes a response that is not JSON", async () => {
    const chatFetch = createChatFetch(
      async () =>
        new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    );
    const error = await failureOf(chatFetch("/api/answer"));
    expect(error.code).toBe("unknown");
    expect(error.message).toBe("Request failed (502 Bad Gateway).");
  });

  it("turns an unreachable server into the network message", async () => {
    const chatFetch = createChatFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    const error = await failureOf(chatFetch("/api/answer"));
    expect(error.code).toBe("network");
    expect(error.status).toBe(0);
    expect(error.message).toBe(networkErrorMessage());
  });

  it("lets an abort through", async () => {
    const controller = new AbortController();
    controller.abort();
    const chatFetch = createChatFetch(async () => {
      throw new DOMException("Aborted", "AbortError");
    });
    await expect(chatFetch("/api/answer", { signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
  });
  it("reads an agent chat's 429: the counter that ran out, its limit and reset", async () => {
    const details = {
      counter: "agentUsage",
      limit: 5,
      current: 5,
      tier: "free",
      resetsAt: "2026-12-01T00:00:00.000Z",
      upgrade: "plans",
    };
    const chatFetch = createChatFetch(async () =>
      json(429, {
        error: { code: "quota_exceeded", message: "You've used all 5 agent chats this month." },
        details,
      }),
    );
    const error = await failureOf(chatFetch("/api/agents/research/chat"));
    expect(chatErrorCode(error)).toBe("quota_exceeded");
    expect(chatQuotaOf(error)).toEqual(details);
    expect(error.details).toEqual(details);
  });

  it("keeps a code the shared list does not name, with its details and no quota", async () => {
    const chatFetch = createChatFetch(async () =>
      json(409, {
        error: { code: "conversation_full", message: "This conversation is full." },
        details: { turns: 20 },
      }),
    );
    const error = await failureOf(chatFetch("/api/custom-agents/a/chat"));
    expect(chatErrorCode(error)).toBe("conversation_full");
    expect(error.message).toBe("This conversation is full.");
    expect(error.details).toEqual({ turns: 20 });
    expect(chatQuotaOf(error)).toBeNull();
  });

  it("has no quota for a quota_exceeded whose details cannot be read", async () => {
    const chatFetch = createChatFetch(async () =>
      json(429, { error: { code: "quota_exceeded", message: "Slow down." } }),
    );
    const error = await failureOf(chatFetch("/api/answer"));
    expect(chatErrorCode(error)).toBe("quota_exceeded");
    expect(chatQuotaOf(error)).toBeNull();
    expect(error.message).toBe("Slow down.");
  });

  it("names no code or quota for an error that is not a refused request", () => {
    const error = new Error("stream broke");
    expect(chatErrorCode(error)).toBeNull();
    expect(chatQuotaOf(error)).toBeNull();
  });
});
