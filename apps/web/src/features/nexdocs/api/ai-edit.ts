import type { NexdocsAiRequestInput } from "@nexus/contracts";
import { API_BASE_URL } from "@/config/env.ts";
import { ANON_ID_HEADER_NAME, getAnonId } from "@/lib/anon-id.ts";
import { createChatFetch } from "@/lib/chat/chat-fetch.ts";
import { createSseParser } from "@/lib/run-events/sse-parser.ts";

/** The stream ended without its `finish` part (the connection dropped). */
export class AiEditCutOff extends Error {
  override readonly name = "AiEditCutOff";
}

/**
 * POST /api/nexdocs/:id/ai: one AI edit, its text streamed as a UI message stream (the chat
 * runtime's). `onText` hears the text so far after each delta. Resolves when the reply finished;
 * rejects with the stream's error text, or (refused before streaming: 409 needs a model, 429 no
 * search left, 404) with a ChatRequestError carrying the server's message. An abort stays an abort.
 */
export async function streamAiEdit(options: {
  documentId: string;
  request: NexdocsAiRequestInput;
  signal: AbortSignal;
  onText: (text: string) => void;
}): Promise<string> {
  const response = await createChatFetch()(
    `${API_BASE_URL}/nexdocs/${encodeURIComponent(options.documentId)}/ai`,
    {
      method: "POST",
      credentials: "same-origin",
      headers: {
        accept: "text/event-stream",
        "content-type": "application/json",
        [ANON_ID_HEADER_NAME]: getAnonId(),
      },
      body: JSON.stringify(options.request),
      signal: options.signal,
    },
  );
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  const parse = createSseParser();
  let text = "";
  let finished = false;
  while (reader) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const message of parse(value)) {
      if (message.data === "[DONE]") continue;
      const chunk = JSON.parse(message.data) as {
        type: string;
        delta?: string;
        errorText?: string;
      };
      if (chunk.type === "text-delta" && chunk.delta) {
        text += chunk.delta;
        options.onText(text);
      } else if (chunk.type === "error") throw new Error(chunk.errorText ?? "");
      else if (chunk.type === "finish") finished = true;
    }
  }
  if (!finished) throw new AiEditCutOff();
  return text;
}
