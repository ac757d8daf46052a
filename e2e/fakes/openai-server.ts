import http from "node:http";
import type { AddressInfo } from "node:net";
import { type FakeBehaviour, type FakeHandler, respondChat } from "./openai-chat.ts";
import { type FakeEmbeddingBehaviour, respondEmbeddings } from "./openai-embeddings.ts";
import type { RecordedRequest } from "./openai-fake-http.ts";
import { type FakeImageBehaviour, respondImages } from "./openai-images.ts";

export { FAKE_SYNONYMS, fakeEmbedding } from "./fake-embedding.ts";
export type { FakeBehaviour, FakeHandler } from "./openai-chat.ts";
export type { FakeEmbeddingBehaviour } from "./openai-embeddings.ts";
export type { RecordedRequest } from "./openai-fake-http.ts";
export { FAKE_PNG, type FakeImageBehaviour } from "./openai-images.ts";

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
 *
 * The endpoints' answers: openai-chat.ts, openai-embeddings.ts, openai-images.ts.
 */
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
  ) =>
    respondChat(
      req,
      res,
      recorded,
      queue.shift() ?? options.handler?.(recorded) ?? { kind: "echo" },
      noteAbort,
    );

  const respondEmbeddingsOf = async (res: http.ServerResponse, recorded: RecordedRequest) => {
    const behaviour: FakeEmbeddingBehaviour =
      embeddingQueue.shift() ??
      (embeddingFailure !== null
        ? { kind: "status", status: embeddingFailure }
        : { kind: "vectors" });
    return respondEmbeddings(res, recorded, behaviour, embeddingDimensions, noteAbort);
  };

  const respondImagesOf = async (res: http.ServerResponse, recorded: RecordedRequest) =>
    respondImages(res, recorded, imageQueue.shift() ?? { kind: "png" }, noteAbort);

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
      if (embeddings) void respondEmbeddingsOf(res, recorded);
      else if (images) void respondImagesOf(res, recorded);
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
