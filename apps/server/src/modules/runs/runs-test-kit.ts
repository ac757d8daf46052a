import type { UIMessageChunk } from "ai";
import * as runs from "./runs.service.ts";

/** Reading a run's events over SSE (GET /api/runs/:id/events) in tests. */
export interface SseMessage {
  id?: string;
  event?: string;
  data: string;
}

/** Reads SSE messages until `until` says stop (then disconnects) or the stream ends. */
export async function readSse(
  res: Response,
  until: (messages: SseMessage[]) => boolean = () => false,
): Promise<{ messages: SseMessage[]; ended: boolean }> {
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error("no body");
  const messages: SseMessage[] = [];
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { messages, ended: true };
    buffer += value;
    let cut = buffer.indexOf("\n\n");
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf("\n\n");
      const message: SseMessage = { data: "" };
      for (const line of block.split("\n")) {
        if (line.startsWith("id:")) message.id = line.slice(3).trim();
        else if (line.startsWith("event:")) message.event = line.slice(6).trim();
        else if (line.startsWith("data:")) message.data += line.slice(5).trim();
      }
      if (block.startsWith(":")) continue;
      messages.push(message);
      if (until(messages)) {
        await reader.cancel();
        return { messages, ended: false };
      }
    }
  }
}

export function chunksIn(messages: SseMessage[]): UIMessageChunk[] {
  return messages
    .filter((m) => m.event === undefined)
    .flatMap((m) => {
      const event = JSON.parse(m.data) as { type: string; payload: { chunks?: UIMessageChunk[] } };
      return event.type === runs.UI_CHUNKS_EVENT ? (event.payload.chunks ?? []) : [];
    });
}
