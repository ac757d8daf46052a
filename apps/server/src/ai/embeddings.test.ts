import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeOpenAIServer,
  fakeEmbedding,
  startFakeOpenAIServer,
} from "../../../../e2e/fakes/openai-server.ts";
import { EnvError, parseEnv } from "../env.ts";
import { createLogger } from "../lib/logger.ts";
import { bytesToVector, EMBEDDING_BATCH_SIZE, vectorToBytes } from "./embeddings.ts";
import { createModelRegistry } from "./models.ts";

const logger = createLogger({ level: "silent" });
let fake: FakeOpenAIServer;

beforeAll(async () => {
  fake = await startFakeOpenAIServer({ embeddingDimensions: 32 });
});
afterEach(() => fake.reset());
afterAll(() => fake.close());

function embedderOf(extra: Record<string, string> = {}) {
  const env = parseEnv({
    LLM_BASE_URL: fake.baseUrl,
    LLM_API_KEY: "test-key",
    LLM_MODEL: "main-model",
    EMBEDDING_MODEL: "embed-model",
    ...extra,
  });
  const { embedder } = createModelRegistry({ env, logger, fetchOptions: { baseDelayMs: 5 } });
  if (!embedder) throw new Error("no embedder");
  return embedder;
}

describe("embeddings (EMBEDDING_MODEL over POST {LLM_BASE_URL}/embeddings)", () => {
  it("asks 64 inputs per request, in order, and returns the server's vectors", async () => {
    const texts = Array.from({ length: 130 }, (_, i) => `passage number ${i} about tides`);
    const vectors = await embedderOf().embed(texts);
    const requests = fake.embeddingRequests();
    expect(requests.map((r) => (r.body.input as string[]).length)).toEqual([64, 64, 2]);
    expect(EMBEDDING_BATCH_SIZE).toBe(64);
    expect(requests.flatMap((r) => r.body.input as string[])).toEqual(texts);
    expect(requests.every((r) => r.model === "embed-model")).toBe(true);
    expect(requests[0]?.headers.authorization).toBe("Bearer test-key");
    expect(vectors).toHaveLength(130);
    for (const [i, vector] of vectors.entries()) {
      const expected = fakeEmbedding(texts[i] ?? "", 32);
      expect([...vector].map((x) => Math.round(x * 1e5))).toEqual(
        expected.map((x) => Math.round(x * 1e5)),
      );
    }
  });

  it("retries a 429 and a 500 like the chat model, then succeeds", async () => {
    fake.enqueueEmbeddings(
      { kind: "status", status: 429, retryAfter: "0" },
      { kind: "status", status: 500 },
    );
    const [vector] = await embedderOf().embed(["harbour"]);
    expect(fake.embeddingRequests()).toHaveLength(3);
    expect(vector?.length).toBe(32);
  });

  it("throws once the retries are spent, and when a batch runs out of time", async () => {
    fake.failEmbeddings(503);
    await expect(embedderOf().embed(["harbour"])).rejects.toThrow();
    expect(fake.embeddingRequests()).toHaveLength(3);
    fake.reset();
    fake.enqueueEmbeddings({ kind: "stall" });
    const started = Date.now();
    await expect(embedderOf().embed(["harbour"], { timeoutMs: 300 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stores vectors as little-endian Float32 and reads them back", () => {
    const vector = new Float32Array([1.5, -0.25, 3.0e-8, 42]);
    const bytes = vectorToBytes(vector);
    expect(bytes.byteLength).toBe(16);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    expect([0, 1, 2, 3].map((i) => view.getFloat32(i * 4, true))).toEqual([...vector]);
    // At an odd offset of a larger buffer, as a driver's Buffer may be.
    const padded = Buffer.concat([Buffer.from([7]), bytes]).subarray(1);
    expect([...bytesToVector(padded)]).toEqual([...vector]);
  });

  it("has no embedder without EMBEDDING_MODEL, and refuses EMBEDDING_MODEL without LLM_BASE_URL", () => {
    const env = parseEnv({ LLM_BASE_URL: fake.baseUrl, LLM_MODEL: "main-model" });
    expect(createModelRegistry({ env, logger }).embedder).toBeNull();
    expect(createModelRegistry({ env: parseEnv({}), logger }).embedder).toBeNull();
    expect(() => parseEnv({ EMBEDDING_MODEL: "nomic-embed-text" })).toThrow(EnvError);
    expect(() => parseEnv({ EMBEDDING_MODEL: "nomic-embed-text" })).toThrow(/LLM_BASE_URL/);
  });
});
