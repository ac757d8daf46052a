import http from "node:http";
import type { AddressInfo } from "node:net";
import { fakeEmbedding } from "./fake-embedding.ts";

export { FAKE_SYNONYMS, fakeEmbedding } from "./fake-embedding.ts";

/**
 * A fake OpenAI-compatible model server: real HTTP on 127.0.0.1, POST /v1/chat/completions with
 * SSE streaming (`stream: true`) or a JSON answer. Each request takes the next scripted behaviour
 * from the queue (or asks `handler`); with neither it echoes the last user message.
 *
 * POST /v1/embeddings answers with deterministic vectors (fakeEmbedding: a hashed bag of words in
 * which the words of one FAKE_SYNONYMS group share a dimension), from its own queue of behaviours
 * (enqueueEmbeddings) or a standing failure (failEmbeddings).
 *
 * POST /v1/images/generations answers OpenAI's shape (`data: [{ b64_json }]`, `n` images) with a
 * small valid PNG (FAKE_PNG), or what its own queue scripts (enqueueImages).
 */
export type FakeBehaviour =
  /** Echo the last user message. */
  | { kind: "echo"; delayMs?: number }
  /** Stream `chunks` (or `text` word by word), `delayMs` apart; `think` wraps reasoning in <think>
   * tags inside the content, `reasoningContent` streams it as delta.reasoning_content first. */
  | {
      kind: "text";
      text?: string;
      chunks?: string[];
      delayMs?: number;
      think?: string;
      reasoningContent?: string;
    }
  /** An error status, e.g. 429 with Retry-After, or 500. */
  | { kind: "status"; status: number; retryAfter?: string; message?: string }
  /** Stream `afterChunks` chunks of `text` then destroy the socket. */
  | { kind: "fail-mid-stream"; text: string; afterChunks: number; delayMs?: number }
  /** Accept the request and never answer (until the client goes away). */
  | { kind: "stall" }
  /** Stream tool calls (OpenAI `delta.tool_calls`, arguments in two pieces), then finish with
   * `tool_calls`; the client runs them and calls again with their results. */
  | { kind: "tool-calls"; calls: { name: string; arguments: Record<string, unknown> }[] };

/** What one POST /v1/embeddings does. */
export type FakeEmbeddingBehaviour =
  /** Answer with fakeEmbedding of every input, after `delayMs`. */
  | { kind: "vectors"; delayMs?: number }
  /** An error status (429 with Retry-After, 500…). */
  | { kind: "status"; status: number; retryAfter?: string; message?: string }
  /** Accept the request and never answer (until the client goes away). */
  | { kind: "stall" };

/** What one POST /v1/images/generations does. */
export type FakeImageBehaviour =
  /** Answer with `n` copies of FAKE_PNG as b64_json, after `delayMs`. */
  | { kind: "png"; delayMs?: number }
  /** An error status (400 for a refused prompt, 500…). */
  | { kind: "status"; status: number; retryAfter?: string; message?: string }
  /** Accept the request and never answer (until the client goes away). */
  | { kind: "stall" };

/** A 2×2 red PNG (valid: signature, IHDR, IDAT, IEND with their CRCs). */
export const FAKE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR42mP4z8DwnwGMgRQAH+4D/a+/4gQAAAAASUVORK5CYII=",
  "base64",
);

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  model: string | undefined;
  messages: { role: string; content: unknown }[];
  stream: boolean;
  body: Record<string, unknown>;
}

export interface FakeOpenAIServer {
  /** e.g. http://127.0.0.1:PORT/v1 — the value for LLM_BASE_URL. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Connections the client closed before the response ended. */
  abortedCount: () => number;
  /** Resolves once abortedCount() reaches `count` (default 1), or rejects after `timeoutMs`. */
  waitForAborts: (options?: { count?: number; timeoutMs?: number }) => Promise<void>;
  enqueue: (...behaviours: FakeBehaviour[]) => void;
  /** Scripted behaviours of the next POST /v1/embeddings requests (then: vectors). */
  enqueueEmbeddings: (...behaviours: FakeEmbeddingBehaviour[]) => void;
  /** Every embeddings request answers this status from now on (null: vectors again). */
  failEmbeddings: (status: number | null) => void;
  /** The recorded POST /v1/embeddings requests (their `body.input`). */
  embeddingRequests: () => RecordedRequest[];
  /** Scripted behaviours of the next POST /v1/images/generations requests (then: png). */
  enqueueImages: (...behaviours: FakeImageBehaviour[]) => void;
  /** The recorded POST /v1/images/generations requests (their `body.prompt`, `body.size`). */
  imageRequests: () => RecordedRequest[];
  /** Dimensions of the vectors when a request names none. */
  embeddingDimensions: number;
  reset: () => void;
  close: () => Promise<void>;
}

export type FakeHandler = (request: RecordedRequest) => FakeBehaviour;

/** An OpenAI-style error answer with the behaviour's status (and Retry-After). */
function writeStatus(
  res: http.ServerResponse,
  behaviour: { status: number; retryAfter?: string; message?: string },
): void {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (behaviour.retryAfter !== undefined) headers["retry-after"] = behaviour.retryAfter;
  res.writeHead(behaviour.status, headers);
  const message = behaviour.message ?? `fake error ${behaviour.status}`;
  res.end(JSON.stringify({ error: { message, type: "fake_error", code: behaviour.status } }));
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function words(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [];
}

function lastUserText(request: RecordedRequest): string {
  const user = [...request.messages].reverse().find((m) => m.role === "user");
  if (!user) return "";
  if (typeof user.content === "string") return user.content;
  if (Array.isArray(user.content))
    return user.content
      .map((p: unknown) =>
        typeof p === "object" && p !== null && "text" in p && typeof p.text === "string"
          ? p.text
          : "",
      )
      .join("");
  return "";
}

interface Delta {
  role?: "assistant";
  content?: string;
  reasoning_content?: string;
  tool_calls?: {
    index: number;
    id?: string;
    type?: "function";
    function: { name?: string; arguments: string };
  }[];
}

function chunk(options: { model: string; delta: Delta; finish?: string; usage?: boolean }) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: options.model,
    choices: [{ index: 0, delta: options.delta, finish_reason: options.finish ?? null }],
    ...(options.usage
      ? { usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } }
      : {}),
  };
}

/** The deltas a text behaviour streams, reasoning first. */
function deltasOf(behaviour: FakeBehaviour, request: RecordedRequest): Delta[] {
  if (behaviour.kind === "echo")
    return words(lastUserText(request)).map((content) => ({ content }));
  if (behaviour.kind === "fail-mid-stream")
    return words(behaviour.text).map((content) => ({ content }));
  if (behaviour.kind === "tool-calls")
    return behaviour.calls.flatMap((call, index): Delta[] => {
      const args = JSON.stringify(call.arguments);
      const half = Math.floor(args.length / 2);
      return [
        {
          tool_calls: [
            {
              index,
              id: `call_${index + 1}`,
              type: "function",
              function: { name: call.name, arguments: args.slice(0, half) },
            },
          ],
        },
        { tool_calls: [{ index, function: { arguments: args.slice(half) } }] },
      ];
    });
  if (behaviour.kind !== "text") return [];
  const deltas: Delta[] = [];
  if (behaviour.reasoningContent)
    for (const r of words(behaviour.reasoningContent)) deltas.push({ reasoning_content: r });
  const text = behaviour.text ?? "";
  const content = behaviour.chunks ?? words(text);
  if (behaviour.think)
    deltas.push({ content: "<think>" }, { content: behaviour.think }, { content: "</think>" });
  for (const c of content) deltas.push({ content: c });
  return deltas;
}

function inputsOf(body: Record<string, unknown>): string[] {
  const input = body.input;
  if (typeof input === "string") return [input];
  if (Array.isArray(input))
    return input.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
  return [];
}

export async function startFakeOpenAIServer(
  options: { handler?: FakeHandler; port?: number; embeddingDimensions?: number } = {},
): Promise<FakeOpenAIServer> {
  const embeddingDimensions = options.embeddingDimensions ?? 256;
  const embeddingQueue: FakeEmbeddingBehaviour[] = [];
  const imageQueue: FakeImageBehaviour[] = [];
  let embeddingFailure: number | null = null;
  const queue: FakeBehaviour[] = [];
  const requests: RecordedRequest[] = [];
  let aborted = 0;
  const abortWaiters: (() => void)[] = [];

  const noteAbort = () => {
    aborted++;
    for (const w of abortWaiters.splice(0)) w();
  };

  const respond = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    recorded: RecordedRequest,
  ) => {
    const behaviour = queue.shift() ?? options.handler?.(recorded) ?? { kind: "echo" };
    let selfDestroyed = false;
    res.on("close", () => {
      if (!res.writableFinished && !selfDestroyed) noteAbort();
    });
    if (behaviour.kind === "stall") return;
    if (behaviour.kind === "status") return writeStatus(res, behaviour);
    const model = recorded.model ?? "fake-model";
    const deltas = deltasOf(behaviour, recorded);
    const delayMs = "delayMs" in behaviour ? (behaviour.delayMs ?? 0) : 0;
    if (!recorded.stream) {
      const content = deltas.map((d) => d.content ?? "").join("");
      const reasoning = deltas.map((d) => d.reasoning_content ?? "").join("");
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "chatcmpl-fake",
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [
            {
              index: 0,
              message: {
                role: "assistant",
                content,
                ...(reasoning ? { reasoning_content: reasoning } : {}),
              },
              finish_reason: "stop",
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
      return;
    }
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    res.flushHeaders();
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    send(chunk({ model, delta: { role: "assistant", content: "" } }));
    for (const [i, delta] of deltas.entries()) {
      if (delayMs > 0) await wait(delayMs);
      if (res.destroyed) return;
      if (behaviour.kind === "fail-mid-stream" && i >= behaviour.afterChunks) {
        selfDestroyed = true;
        req.socket.destroy();
        return;
      }
      send(chunk({ model, delta }));
    }
    const finish = behaviour.kind === "tool-calls" ? "tool_calls" : "stop";
    send(chunk({ model, delta: {}, finish, usage: true }));
    res.end("data: [DONE]\n\n");
  };

  const respondEmbeddings = async (res: http.ServerResponse, recorded: RecordedRequest) => {
    const behaviour: FakeEmbeddingBehaviour =
      embeddingQueue.shift() ??
      (embeddingFailure !== null
        ? { kind: "status", status: embeddingFailure }
        : { kind: "vectors" });
    res.on("close", () => {
      if (!res.writableFinished) noteAbort();
    });
    if (behaviour.kind === "stall") return;
    if (behaviour.kind === "status") return writeStatus(res, behaviour);
    if (behaviour.delayMs) await wait(behaviour.delayMs);
    if (res.destroyed) return;
    const dimensions =
      typeof recorded.body.dimensions === "number" ? recorded.body.dimensions : embeddingDimensions;
    const inputs = inputsOf(recorded.body);
    const base64 = recorded.body.encoding_format === "base64";
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        object: "list",
        model: recorded.model ?? "fake-embedding",
        data: inputs.map((text, index) => {
          const vector = fakeEmbedding(text, dimensions);
          return {
            object: "embedding",
            index,
            embedding: base64
              ? Buffer.from(new Float32Array(vector).buffer).toString("base64")
              : vector,
          };
        }),
        usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
      }),
    );
  };

  const respondImages = async (res: http.ServerResponse, recorded: RecordedRequest) => {
    const behaviour: FakeImageBehaviour = imageQueue.shift() ?? { kind: "png" };
    res.on("close", () => {
      if (!res.writableFinished) noteAbort();
    });
    if (behaviour.kind === "stall") return;
    if (behaviour.kind === "status") return writeStatus(res, behaviour);
    if (behaviour.delayMs) await wait(behaviour.delayMs);
    if (res.destroyed) return;
    const n = typeof recorded.body.n === "number" && recorded.body.n > 0 ? recorded.body.n : 1;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        created: Math.floor(Date.now() / 1000),
        data: Array.from({ length: n }, () => ({
          b64_json: FAKE_PNG.toString("base64"),
          revised_prompt: typeof recorded.body.prompt === "string" ? recorded.body.prompt : "",
        })),
      }),
    );
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const embeddings = url.pathname === "/v1/embeddings";
    const images = url.pathname === "/v1/images/generations";
    if (
      req.method !== "POST" ||
      (url.pathname !== "/v1/chat/completions" && !embeddings && !images)
    ) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const parts: Buffer[] = [];
    req.on("data", (b: Buffer) => parts.push(b));
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(parts).toString("utf8")) as Record<string, unknown>;
      } catch {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "invalid JSON" } }));
        return;
      }
      const recorded: RecordedRequest = {
        path: url.pathname,
        headers: req.headers,
        model: typeof body.model === "string" ? body.model : undefined,
        messages: Array.isArray(body.messages)
          ? (body.messages as RecordedRequest["messages"])
          : [],
        stream: body.stream === true,
        body,
      };
      requests.push(recorded);
      if (embeddings) void respondEmbeddings(res, recorded);
      else if (images) void respondImages(res, recorded);
      else void respond(req, res, recorded);
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    abortedCount: () => aborted,
    waitForAborts: ({ count = 1, timeoutMs = 5000 } = {}) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`fake model server saw ${aborted} aborts, expected ${count}`)),
          timeoutMs,
        );
        const check = () => {
          if (aborted >= count) {
            clearTimeout(timer);
            resolve();
          } else abortWaiters.push(check);
        };
        check();
      }),
    enqueue: (...behaviours) => {
      queue.push(...behaviours);
    },
    enqueueEmbeddings: (...behaviours) => {
      embeddingQueue.push(...behaviours);
    },
    failEmbeddings: (status) => {
      embeddingFailure = status;
    },
    embeddingRequests: () => requests.filter((r) => r.path === "/v1/embeddings"),
    enqueueImages: (...behaviours) => {
      imageQueue.push(...behaviours);
    },
    imageRequests: () => requests.filter((r) => r.path === "/v1/images/generations"),
    embeddingDimensions,
    reset: () => {
      queue.length = 0;
      embeddingQueue.length = 0;
      imageQueue.length = 0;
      embeddingFailure = null;
      requests.length = 0;
      aborted = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
