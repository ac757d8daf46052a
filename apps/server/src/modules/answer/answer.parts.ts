import type { ProviderMetadata, TextStreamPart, ToolSet, UIMessageChunk } from "ai";
import { UI_MESSAGE_STREAM_HEADERS } from "ai";

/**
 * The hot path of an answer's stream, kept cheap (every part of every answer passes here):
 * - modelPartToChunk: the model's stream parts as AI SDK UI-message chunks, exactly as
 *   `toUIMessageStream({ sendReasoning: true, sendStart: false, sendFinish: false })` makes them
 *   for a call without tools, but without its four extra web-stream hops per part;
 * - DeltaCoalescer: consecutive text/reasoning deltas merged into fewer parts (the first delta of
 *   each part goes out at once; the rest at most FLUSH_MS later), the text unchanged;
 * - uiMessageSseStream + uiMessageSseResponse: the AI SDK UI-message SSE response, byte for byte
 *   what createUIMessageStreamResponse sends, but the parts that are ready together go out as one
 *   chunk (one socket write instead of one per part).
 */

type ModelPart = TextStreamPart<ToolSet>;

/** What the answer stream's writer accepts. */
export type ChunkWriter<C extends UIMessageChunk = UIMessageChunk> = (chunk: C) => void;

const withMetadata = <T extends object>(
  chunk: T,
  providerMetadata: ProviderMetadata | undefined,
): T => (providerMetadata != null ? { ...chunk, providerMetadata } : chunk);

/**
 * One model part as the UI-message chunk toUIMessageStream would send, or null when it sends none
 * (sources with sendSources off, raw and tool-input-end parts, start and finish of the call: our
 * stream has its own). `error` parts are not mapped: the caller handles the failure.
 */
export function modelPartToChunk(part: ModelPart): UIMessageChunk | null {
  switch (part.type) {
    case "text-start":
    case "text-end":
    case "reasoning-start":
    case "reasoning-end":
      return withMetadata({ type: part.type, id: part.id }, part.providerMetadata);
    case "text-delta":
    case "reasoning-delta":
      return withMetadata(
        { type: part.type, id: part.id, delta: part.text },
        part.providerMetadata,
      );
    case "start-step":
      return { type: "start-step" };
    case "finish-step":
      return { type: "finish-step" };
    case "file":
      return withMetadata(
        {
          type: "file" as const,
          mediaType: part.file.mediaType,
          url: `data:${part.file.mediaType};base64,${part.file.base64}`,
        },
        part.providerMetadata,
      );
    case "abort":
      return part as UIMessageChunk;
    default:
      // No tools are given to the answer call, sources are ours, start/finish/raw are not sent.
      return null;
  }
}

/** Merged deltas go out at most this long after the first one was held back. */
export const FLUSH_MS = 15;
/** ...or as soon as this many characters are held. */
export const FLUSH_CHARS = 8 * 1024;

type DeltaType = "text-delta" | "reasoning-delta";

/**
 * Merges consecutive deltas of the same part into one. The first delta of every part is written
 * at once (the first token is never delayed); later ones wait at most FLUSH_MS or FLUSH_CHARS.
 * Any other chunk, a delta of another part or one with provider metadata flushes first, so the
 * order of parts and the concatenated text never change. flush() before ending the stream.
 */
export class DeltaCoalescer {
  private type: DeltaType = "text-delta";
  private id = "";
  private held = "";
  private timer: NodeJS.Timeout | null = null;
  private readonly started = new Set<string>();

  constructor(
    private readonly write: ChunkWriter,
    private readonly flushMs = FLUSH_MS,
    private readonly flushChars = FLUSH_CHARS,
  ) {}

  /** Writes (or holds) a chunk, in order. */
  push(chunk: UIMessageChunk): void {
    if (
      (chunk.type === "text-delta" || chunk.type === "reasoning-delta") &&
      chunk.providerMetadata == null
    ) {
      this.delta(chunk.type, chunk.id, chunk.delta);
      return;
    }
    this.flush();
    this.write(chunk);
  }

  private delta(type: DeltaType, id: string, delta: string): void {
    if (delta === "") return;
    const key = type === "text-delta" ? `t${id}` : `r${id}`;
    if (!this.started.has(key)) {
      this.flush();
      this.started.add(key);
      this.write({ type, id, delta });
      return;
    }
    if (this.held !== "" && (this.type !== type || this.id !== id)) this.flush();
    this.type = type;
    this.id = id;
    this.held += delta;
    if (this.held.length >= this.flushChars) this.flush();
    else this.timer ??= setTimeout(this.onTimer, this.flushMs);
  }

  private readonly onTimer = () => {
    this.timer = null;
    this.flush();
  };

  /** Writes what is held, if anything. */
  flush(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.held === "") return;
    const delta = this.held;
    this.held = "";
    this.write({ type: this.type, id: this.id, delta });
  }
}

/** What the visitor reads when an answer fails for a reason of ours (not the model's or search's). */
export const ANSWER_FAILED = "The answer failed. Try again in a moment.";

const encoder = new TextEncoder();
const DONE = "data: [DONE]\n\n";
/** Parts ready together are sent as one chunk, up to about this many characters. */
const BATCH_CHARS = 64 * 1024;
const NOT_READY = Symbol("not ready");
/** One chunk as the text of its server-sent event. */
const eventText = (chunk: unknown) => `data: ${JSON.stringify(chunk)}\n\n`;
const notReady = Promise.resolve(NOT_READY);

/**
 * The server-sent events of a UI-message chunk stream, as bytes: `data: <json>\n\n` per chunk and
 * `data: [DONE]\n\n` at the end (what JsonToSseTransformStream + TextEncoderStream produce). Chunks
 * already queued when one is read are sent with it.
 */
export function uiMessageSseStream(stream: ReadableStream<unknown>): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  let pending: ReturnType<typeof reader.read> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let result = await (pending ?? reader.read());
      pending = null;
      let text = "";
      for (;;) {
        if (result.done) {
          controller.enqueue(encoder.encode(text + DONE));
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
      controller.enqueue(encoder.encode(text));
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
export function sseErrorEnd(errorText: string): Uint8Array {
  return encoder.encode(eventText({ type: "error", errorText }) + DONE);
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
