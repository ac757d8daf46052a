import { endianness } from "node:os";
import type { EmbeddingModelV3 } from "@ai-sdk/provider";

/**
 * EMBEDDING_MODEL through the OpenAI-compatible `POST {LLM_BASE_URL}/embeddings` (the provider's
 * embedding model, with the chat model's fetch: per-attempt time-outs and retries of 429/5xx and
 * network errors live in model-fetch.ts). Vectors are stored as little-endian Float32 bytea.
 */

/** Inputs per request: small enough for local servers (Ollama, llama.cpp), few round trips. */
export const EMBEDDING_BATCH_SIZE = 64;
/** Time one batch may take in all, retries included (ingestion). */
export const EMBEDDING_BATCH_TIMEOUT_MS = 120_000;

export interface EmbedOptions {
  signal?: AbortSignal;
  /** Time one batch may take in all, retries included (default EMBEDDING_BATCH_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Called after each batch with the inputs embedded so far. */
  onProgress?: (done: number, total: number) => void | Promise<void>;
}

export interface Embedder {
  /** EMBEDDING_MODEL as configured: recorded with the vectors it made (files.embedding_model). */
  readonly model: string;
  /**
   * The vectors of `texts`, in order, asked EMBEDDING_BATCH_SIZE at a time one after the other.
   * Throws on the first batch that fails (after model-fetch's retries) or runs out of time.
   */
  embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]>;
}

/** The embeddings endpoint answered something that is not one vector per input. */
export class EmbeddingResponseError extends Error {
  override readonly name = "EmbeddingResponseError";
}

export function createEmbedder(options: {
  model: EmbeddingModelV3;
  modelId: string;
  batchSize?: number;
}): Embedder {
  const batchSize = Math.max(1, options.batchSize ?? EMBEDDING_BATCH_SIZE);
  return {
    model: options.modelId,
    async embed(texts, embedOptions = {}) {
      const out: Float32Array[] = [];
      let dimensions = 0;
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize);
        const deadline = AbortSignal.timeout(embedOptions.timeoutMs ?? EMBEDDING_BATCH_TIMEOUT_MS);
        const abortSignal = embedOptions.signal
          ? AbortSignal.any([embedOptions.signal, deadline])
          : deadline;
        const result = await options.model.doEmbed({ values: batch, abortSignal });
        if (result.embeddings.length !== batch.length)
          throw new EmbeddingResponseError(
            `the embeddings endpoint returned ${result.embeddings.length} vectors for ${batch.length} inputs`,
          );
        for (const values of result.embeddings) {
          if (dimensions === 0) dimensions = values.length;
          if (values.length === 0 || values.length !== dimensions)
            throw new EmbeddingResponseError(
              `the embeddings endpoint returned vectors of ${dimensions} and ${values.length} dimensions`,
            );
          const vector = Float32Array.from(values);
          for (const x of vector)
            if (!Number.isFinite(x))
              throw new EmbeddingResponseError("the embeddings endpoint returned a non-number");
          out.push(vector);
        }
        await embedOptions.onProgress?.(out.length, texts.length);
      }
      return out;
    },
  };
}

const LITTLE_ENDIAN = endianness() === "LE";

/** A vector as stored in file_chunks.embedding: little-endian Float32, 4 bytes per dimension. */
export function vectorToBytes(vector: Float32Array): Buffer {
  if (LITTLE_ENDIAN)
    return Buffer.from(
      vector.buffer.slice(vector.byteOffset, vector.byteOffset + vector.byteLength),
    );
  const bytes = Buffer.alloc(vector.length * 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatLE(vector[i] ?? 0, i * 4);
  return bytes;
}

/**
 * Copies one stored vector (`bytes`, little-endian Float32) into `target` from index `offset`. A
 * copy: a Buffer from the driver may sit at any byte offset of a shared pool.
 */
export function readVectorInto(bytes: Uint8Array, target: Float32Array, offset: number): void {
  if (LITTLE_ENDIAN) {
    new Uint8Array(target.buffer, target.byteOffset + offset * 4, bytes.byteLength).set(bytes);
    return;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < bytes.byteLength / 4; i++) target[offset + i] = view.getFloat32(i * 4, true);
}

/** A stored vector as a Float32Array of its own. */
export function bytesToVector(bytes: Uint8Array): Float32Array {
  const vector = new Float32Array(bytes.byteLength / 4);
  readVectorInto(bytes, vector, 0);
  return vector;
}
