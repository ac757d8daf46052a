import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { AnswerMetadata } from "@nexus/contracts";
import type { UIMessageChunk } from "ai";

/** Test helpers for the answer stream (SSE of AI SDK UI-message chunks). */

export type Chunk = UIMessageChunk & Record<string, unknown>;

export function parseStream(text: string): Chunk[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as Chunk);
}

export function textOf(chunks: readonly Chunk[], type = "text-delta"): string {
  return chunks
    .filter((c) => c.type === type)
    .map((c) => (typeof c.delta === "string" ? c.delta : ""))
    .join("");
}

export function partOf(chunks: readonly Chunk[], type: string): Chunk | undefined {
  return chunks.find((c) => c.type === type);
}

export function indexOf(chunks: readonly Chunk[], type: string): number {
  return chunks.findIndex((c) => c.type === type);
}

/** The [n] numbers cited in a text. */
export function citations(text: string): number[] {
  return [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
}

/** The message metadata of the `start` or `finish` part. */
export function metadataOf(
  chunks: readonly Chunk[],
  type: "start" | "finish",
): Partial<AnswerMetadata> {
  const part = partOf(chunks, type);
  return (part?.messageMetadata ?? {}) as Partial<AnswerMetadata>;
}

/**
 * Reads a streamed answer until its text contains `marker` (or, without one, to its end) and
 * returns what was read; the reader stays open for more.
 */
export async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array> | undefined,
  marker?: string,
  seen = "",
): Promise<string> {
  const decoder = new TextDecoder();
  let text = seen;
  while (reader && !(marker && text.includes(marker))) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

/**
 * Serves `fetch` on loopback (a hang-up needs a real socket), posts `body` to `path` (by default a
 * question to /api/answer) as `cookie`, and hangs up once the reply's first text arrives.
 */
export async function hangUpMidAnswer(
  fetchApp: Parameters<typeof serve>[0]["fetch"],
  cookie: string,
  request: { path: string; body: unknown } = {
    path: "/api/answer",
    body: { text: "Tell me everything about tides" },
  },
): Promise<void> {
  const server = serve({ fetch: fetchApp, port: 0, hostname: "127.0.0.1" });
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const controller = new AbortController();
  try {
    // biome-ignore lint/style/noRestrictedGlobals: the test's browser, talking to our own app on loopback
    const res = await fetch(`http://127.0.0.1:${port}${request.path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(request.body),
      signal: controller.signal,
    });
    await readUntil(res.body?.getReader(), "text-delta");
    controller.abort();
  } finally {
    server.close();
  }
}
