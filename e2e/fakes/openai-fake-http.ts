import type http from "node:http";

/** What the fake OpenAI-compatible server (openai-server.ts) shares between its endpoints. */

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  model: string | undefined;
  messages: { role: string; content: unknown }[];
  stream: boolean;
  body: Record<string, unknown>;
}

/** An OpenAI-style error answer with the behaviour's status (and Retry-After). */
export function writeStatus(
  res: http.ServerResponse,
  behaviour: { status: number; retryAfter?: string; message?: string },
): void {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (behaviour.retryAfter !== undefined) headers["retry-after"] = behaviour.retryAfter;
  res.writeHead(behaviour.status, headers);
  const message = behaviour.message ?? `fake error ${behaviour.status}`;
  res.end(JSON.stringify({ error: { message, type: "fake_error", code: behaviour.status } }));
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the JSON endpoints (embeddings, images) do before their answer: note a client that goes
 * away first, stall, answer with an error status, wait `delayMs`. True when the answer is theirs to
 * write now, false when it was written or is never to be.
 */
export async function beforeJsonAnswer(
  res: http.ServerResponse,
  behaviour:
    | { kind: "stall" }
    | { kind: "status"; status: number; retryAfter?: string; message?: string }
    | { kind: string; delayMs?: number },
  noteAbort: () => void,
): Promise<boolean> {
  res.on("close", () => {
    if (!res.writableFinished) noteAbort();
  });
  if (behaviour.kind === "stall") return false;
  if ("status" in behaviour) {
    writeStatus(res, behaviour);
    return false;
  }
  if ("delayMs" in behaviour && behaviour.delayMs) await wait(behaviour.delayMs);
  return !res.destroyed;
}
