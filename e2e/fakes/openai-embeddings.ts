import type http from "node:http";
import { fakeEmbedding } from "./fake-embedding.ts";
import { beforeJsonAnswer, type RecordedRequest } from "./openai-fake-http.ts";

/** POST /v1/embeddings of the fake OpenAI-compatible server (openai-server.ts). */

/** What one POST /v1/embeddings does. */
export type FakeEmbeddingBehaviour =
  /** Answer with fakeEmbedding of every input, after `delayMs`. */
  | { kind: "vectors"; delayMs?: number }
  /** An error status (429 with Retry-After, 500…). */
  | { kind: "status"; status: number; retryAfter?: string; message?: string }
  /** Accept the request and never answer (until the client goes away). */
  | { kind: "stall" };

function inputsOf(body: Record<string, unknown>): string[] {
  const input = body.input;
  if (typeof input === "string") return [input];
  if (Array.isArray(input))
    return input.map((v) => (typeof v === "string" ? v : JSON.stringify(v)));
  return [];
}

/**
 * Answers one POST /v1/embeddings with `behaviour`: fakeEmbedding of every input (as floats or
 * base64), `defaultDimensions` long unless the request names its dimensions.
 */
export async function respondEmbeddings(
  res: http.ServerResponse,
  recorded: RecordedRequest,
  behaviour: FakeEmbeddingBehaviour,
  defaultDimensions: number,
  noteAbort: () => void,
): Promise<void> {
  if (!(await beforeJsonAnswer(res, behaviour, noteAbort))) return;
  const dimensions =
    typeof recorded.body.dimensions === "number" ? recorded.body.dimensions : defaultDimensions;
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
}
