import { UI_MESSAGE_STREAM_HEADERS } from "ai";

/**
 * The AI SDK UI-message SSE response, byte for byte what createUIMessageStreamResponse sends, but
 * the parts that are ready together go out as one chunk (one socket write instead of one per part).
 */

const encoder = new TextEncoder();
const DONE = "data: [DONE]\n\n";
/** Parts ready together are sent as one chunk, up to about this many characters. */
const BATCH_CHARS = 64 * 1024;
const NOT_READY = Symbol("not ready");
/** One chunk as the text of its server-sent event. */
const eventText = (chunk: unknown) => `data: ${JSON.stringify(chunk)}\n\n`;
const notReady = Promise.resolve(NOT_READY);

/**
 * The server-sent events of a UI-message chunk stream, as text: `data: <json>\n\n` per chunk and
 * `data: [DONE]\n\n` at the end (what JsonToSseTransformStream produces). Chunks already queued
 * when one is read are sent with it. Text is what a chat worker hands to the main thread (a
 * string crosses threads for a fraction of what a byte array costs).
 */
export function uiMessageSseText(stream: ReadableStream<unknown>): ReadableStream<string> {
  return sseBatches(stream, (text) => text);
}

/** The same events as bytes (what TextEncoderStream would make of uiMessageSseText). */
export function uiMessageSseStream(stream: ReadableStream<unknown>): ReadableStream<Uint8Array> {
  return sseBatches(stream, (text) => encoder.encode(text));
}

function sseBatches<T>(
  stream: ReadableStream<unknown>,
  emit: (text: string) => T,
): ReadableStream<T> {
  const reader = stream.getReader();
  let pending: ReturnType<typeof reader.read> | null = null;
  return new ReadableStream<T>({
    async pull(controller) {
      let result = await (pending ?? reader.read());
      pending = null;
      let text = "";
      for (;;) {
        if (result.done) {
          controller.enqueue(emit(text + DONE));
          controller.close();
          return;
        }
        text += eventText(result.value);
        if (text.length >= BATCH_CHARS) break;
        const next = reader.read();
        // A read of a queued chunk is already settled: it wins the race against `notReady`.
        const ready = await Promise.race([next, notReady]);
        if (ready === NOT_READY) {
          pending = next;
          break;
        }
        result = ready;
      }
      controller.enqueue(emit(text));
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** One chunk as its server-sent event. */
export function sseEvent(chunk: unknown): Uint8Array {
  return encoder.encode(eventText(chunk));
}

/** `first`, then the bytes of `rest` (cancelling the result cancels `rest`). */
export function withFirst(
  first: Uint8Array,
  rest: ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  const reader = rest.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(first);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** The end of an answer that failed outside its own error handling: an error part, then [DONE]. */
export function sseErrorEndText(errorText: string): string {
  return eventText({ type: "error", errorText }) + DONE;
}

export function sseErrorEnd(errorText: string): Uint8Array {
  return encoder.encode(sseErrorEndText(errorText));
}

/**
 * The UI-message stream response for bytes from uiMessageSseStream (createUIMessageStreamResponse's
 * headers and bytes). The explicit chunked transfer encoding lets @hono/node-server write the
 * headers at once instead of first probing the body for a content length (which waits a tick).
 */
export function uiMessageSseResponse(bytes: ReadableStream<Uint8Array>): Response {
  return new Response(bytes, {
    headers: { ...UI_MESSAGE_STREAM_HEADERS, "transfer-encoding": "chunked" },
  });
}
