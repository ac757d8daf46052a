import { describe, expect, it } from "vitest";
import { NETWORK_ERROR_MESSAGE } from "@/lib/api-client.ts";
import { AnswerRequestError, createAnswerFetch } from "./answer-fetch.ts";

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

async function failureOf(promise: Promise<unknown>): Promise<AnswerRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AnswerRequestError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("createAnswerFetch", () => {
  it("passes successful responses through", async () => {
    const ok = new Response("data: {}\n\n", { status: 200 });
    const answerFetch = createAnswerFetch(async () => ok);
    expect(await answerFetch("/api/answer")).toBe(ok);
  });

  it("reads the quota details of a 429", async () => {
    const details = {
      limit: 100,
      current: 100,
      tier: "anonymous",
      resetsAt: "2026-01-02T00:00:00.000Z",
      upgrade: "sign-in",
    };
    const answerFetch = createAnswerFetch(async () =>
      json(429, { error: { code: "quota_exceeded", message: "Limit reached", details } }),
    );
    const error = await failureOf(answerFetch("/api/answer"));
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
    const answerFetch = createAnswerFetch(async () =>
      json(429, {
        error: { code: "quota_exceeded", message: "You have reached your search limit." },
        details,
      }),
    );
    const error = await failureOf(answerFetch("/api/answer"));
    expect(error.code).toBe("quota_exceeded");
    expect(error.quota).toEqual({ counter: "search", ...details });
  });

  it("keeps the message of a 400 and has no quota", async () => {
    const answerFetch = createAnswerFetch(async () =>
      json(400, { error: { code: "bad_request", message: "A question is required" } }),
    );
    const error = await failureOf(answerFetch("/api/answer"));
    expect(error.status).toBe(400);
    expect(error.code).toBe("bad_request");
    expect(error.message).toBe("A question is required");
    expect(error.quota).toBeNull();
  });

  it("describes a response that is not JSON", async () => {
    const answerFetch = createAnswerFetch(
      async () =>
        new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    );
    const error = await failureOf(answerFetch("/api/answer"));
    expect(error.code).toBe("unknown");
    expect(error.message).toBe("Request failed (502 Bad Gateway).");
  });

  it("turns an unreachable server into the network message", async () => {
    const answerFetch = createAnswerFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    const error = await failureOf(answerFetch("/api/answer"));
    expect(error.code).toBe("network");
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("lets an abort through", async () => {
    const controller = new AbortController();
    controller.abort();
    const answerFetch = createAnswerFetch(async () => {
      throw new DOMException("Aborted", "AbortError");
    });
    await expect(answerFetch("/api/answer", { signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});
