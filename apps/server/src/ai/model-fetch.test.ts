import { describe, expect, it } from "vitest";
import {
  backoffMs,
  createModelFetch,
  type FetchFunction,
  isRetryableStatus,
  type ModelRetry,
  ModelTimeoutError,
  modelRetries,
  retryAfterMs,
} from "./model-fetch.ts";

const URL_ = "http://127.0.0.1:1/v1/chat/completions";

/** A fetch that plays `steps` in order (a Response, or an Error to throw) and counts calls. */
function scripted(steps: (Response | Error)[]) {
  const calls: RequestInit[] = [];
  const fetch: FetchFunction = async (_input, init) => {
    calls.push(init ?? {});
    const step = steps.shift();
    if (!step) throw new Error("no more steps");
    if (step instanceof Error) throw step;
    return step;
  };
  return { fetch, calls };
}

const networkError = () =>
  Object.assign(new TypeError("fetch failed"), { cause: new Error("ECONNREFUSED") });

describe("retryAfterMs", () => {
  it("reads seconds, HTTP dates and retry-after-ms", () => {
    expect(retryAfterMs({ headers: new Headers({ "retry-after": "2" }) })).toBe(2000);
    expect(retryAfterMs({ headers: new Headers({ "retry-after-ms": "150" }) })).toBe(150);
    const now = Date.parse("2026-01-01T00:00:00Z");
    const date = new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:05 GMT" });
    expect(retryAfterMs({ headers: date, now })).toBe(5000);
    expect(retryAfterMs({ headers: new Headers({ "retry-after": "soon" }) })).toBeUndefined();
    expect(retryAfterMs({ headers: new Headers() })).toBeUndefined();
  });
});

describe("backoffMs and isRetryableStatus", () => {
  it("doubles with jitter within [ceiling/2, ceiling] and respects the cap", () => {
    const base = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffMs({ ...base, retry: 1, random: () => 0 })).toBe(50);
    expect(backoffMs({ ...base, retry: 2, random: () => 0.999 })).toBeLessThanOrEqual(200);
    expect(backoffMs({ ...base, retry: 10, random: () => 0.999 })).toBeLessThanOrEqual(1000);
    expect([429, 500, 502, 503].every(isRetryableStatus)).toBe(true);
    expect([200, 400, 401, 404].some(isRetryableStatus)).toBe(false);
  });
});

describe("createModelFetch", () => {
  it("retries network errors and 5xx, then returns the success", async () => {
    const { fetch, calls } = scripted([
      networkError(),
      new Response("x", { status: 503 }),
      new Response("ok"),
    ]);
    const modelFetch = createModelFetch({ timeoutMs: 1000, baseDelayMs: 1, fetch });
    const response = await modelFetch(URL_, { method: "POST", body: "{}" });
    expect(await response.text()).toBe("ok");
    expect(calls).toHaveLength(3);
  });

  it("tells each retry to the listener of the call's abort signal, and no other", async () => {
    const { fetch } = scripted([
      new Response("busy", { status: 429 }),
      networkError(),
      new Response("ok"),
      new Response("x", { status: 503 }),
      new Response("ok"),
    ]);
    const modelFetch = createModelFetch({ timeoutMs: 1000, baseDelayMs: 1, fetch });
    const heard: ModelRetry[] = [];
    const other: ModelRetry[] = [];
    const mine = new AbortController();
    modelRetries.listen(mine.signal, (retry) => heard.push(retry));
    modelRetries.listen(new AbortController().signal, (retry) => other.push(retry));
    await modelFetch(URL_, { method: "POST", body: "{}", signal: mine.signal });
    expect(heard).toEqual([
      { attempt: 2, maxAttempts: 3, reason: "busy", status: 429 },
      { attempt: 3, maxAttempts: 3, reason: "network", status: undefined },
    ]);
    // A call with a signal nobody listens to (or none) retries without telling anyone.
    await modelFetch(URL_, { method: "POST", body: "{}", signal: new AbortController().signal });
    expect(heard).toHaveLength(2);
    expect(other).toEqual([]);
  });

  it("returns the last failed response after maxAttempts and never retries a 400", async () => {
    const failing = scripted([500, 500, 500, 500].map((s) => new Response("e", { status: s })));
    const modelFetch = createModelFetch({ timeoutMs: 1000, baseDelayMs: 1, fetch: failing.fetch });
    expect((await modelFetch(URL_, { body: "{}" })).status).toBe(500);
    expect(failing.calls).toHaveLength(3);
    const bad = scripted([new Response("e", { status: 400 }), new Response("ok")]);
    const once = createModelFetch({ timeoutMs: 1000, baseDelayMs: 1, fetch: bad.fetch });
    expect((await once(URL_, { body: "{}" })).status).toBe(400);
    expect(bad.calls).toHaveLength(1);
  });

  it("caps a long Retry-After", async () => {
    const { fetch, calls } = scripted([
      new Response("slow down", { status: 429, headers: { "retry-after": "3600" } }),
      new Response("ok"),
    ]);
    const modelFetch = createModelFetch({ timeoutMs: 1000, maxDelayMs: 20, fetch });
    const started = Date.now();
    expect((await modelFetch(URL_, { body: "{}" })).status).toBe(200);
    // Bounded far below the hour asked for (a busy machine must not fail it).
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(calls).toHaveLength(2);
  });

  it("does not retry a body that cannot be sent twice", async () => {
    const { fetch, calls } = scripted([new Response("e", { status: 500 }), new Response("ok")]);
    const modelFetch = createModelFetch({ timeoutMs: 1000, baseDelayMs: 1, fetch });
    const body = new ReadableStream<Uint8Array>({ start: (c) => c.close() });
    expect((await modelFetch(URL_, { body, method: "POST" })).status).toBe(500);
    expect(calls).toHaveLength(1);
  });

  it("stops waiting for a retry the moment the caller aborts", async () => {
    const { fetch, calls } = scripted([
      new Response("e", { status: 503, headers: { "retry-after": "5" } }),
      new Response("ok"),
    ]);
    const modelFetch = createModelFetch({ timeoutMs: 1000, fetch });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const started = Date.now();
    await expect(modelFetch(URL_, { body: "{}", signal: controller.signal })).rejects.toThrow();
    // Below the 5 s the server asked to wait.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(calls).toHaveLength(1);
  });

  it("times out when headers do not arrive, passing an abortable signal down", async () => {
    const calls: AbortSignal[] = [];
    const fetch: FetchFunction = (_input, init) =>
      new Promise((_resolve, reject) => {
        const signal = init?.signal;
        if (signal) {
          calls.push(signal);
          signal.addEventListener("abort", () => reject(signal.reason));
        }
      });
    const modelFetch = createModelFetch({ timeoutMs: 50, fetch });
    await expect(modelFetch(URL_, { body: "{}" })).rejects.toBeInstanceOf(ModelTimeoutError);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.aborted).toBe(true);
  });
});
