import type { ProviderMetadata, TextStreamPart, ToolSet, UIMessageChunk } from "ai";

/**
 * The hot path of every chat's stream, kept cheap (every part of every reply passes here):
 * - modelPartToChunk: the model's stream parts as AI SDK UI-message chunks, exactly as
 *   `toUIMessageStream({ sendReasoning: true, sendStart: false, sendFinish: false })` makes them,
 *   tool calls, results and errors included (model-chunks.test.ts holds the two equal), but
 *   without its four extra web-stream hops per part;
 * - DeltaCoalescer: consecutive text/reasoning deltas merged into fewer parts (the first delta of
 *   each part goes out at once; the rest at most FLUSH_MS later, on a tick shared by the thread's
 *   chats), the text unchanged.
 */

type ModelPart = TextStreamPart<ToolSet>;

/** What the answer stream's writer accepts. */
export type ChunkWriter<C extends UIMessageChunk = UIMessageChunk> = (chunk: C) => void;

const withMetadata = <T extends object>(
  chunk: T,
  providerMetadata: ProviderMetadata | undefined,
): T => (providerMetadata != null ? { ...chunk, providerMetadata } : chunk);

type Tools = ToolSet | undefined;

/** What toUIMessageStream says of a tool's kind: `dynamic: true` for dynamic tools only. */
function dynamicOf(tools: Tools, part: { toolName: string; dynamic?: boolean }) {
  const tool = tools?.[part.toolName];
  if (tool == null) return part.dynamic;
  return tool.type === "dynamic" ? true : undefined;
}

/** The optional fields of a tool chunk, present only when set (as toUIMessageStream sends them). */
function toolFields(
  part: {
    providerExecuted?: boolean;
    providerMetadata?: ProviderMetadata;
    toolMetadata?: unknown;
    title?: string;
  },
  dynamic: boolean | undefined,
  withTitle: boolean,
) {
  return {
    ...(part.providerExecuted != null ? { providerExecuted: part.providerExecuted } : {}),
    ...(part.providerMetadata != null ? { providerMetadata: part.providerMetadata } : {}),
    ...(part.toolMetadata != null ? { toolMetadata: part.toolMetadata } : {}),
    ...(dynamic != null ? { dynamic } : {}),
    ...(withTitle && part.title != null ? { title: part.title } : {}),
  };
}

/** The text a failed tool call shows: the tool's own message (our tools' errors are for people). */
export function toolErrorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : JSON.stringify(error);
}

/**
 * One model part as the UI-message chunk toUIMessageStream would send, or null when it sends none
 * (sources with sendSources off, raw and tool-input-end parts, start and finish of the call: our
 * stream has its own). `error` parts are not mapped: the caller handles the failure. `tools` are
 * the call's tools (they decide the `dynamic` flag); `onError` words a failed tool call, as
 * toUIMessageStream's `onError` does.
 */
export function modelPartToChunk(
  part: ModelPart,
  tools?: Tools,
  onError: (error: unknown) => string = toolErrorText,
): UIMessageChunk | null {
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
    case "tool-input-start":
      return {
        type: "tool-input-start",
        toolCallId: part.id,
        toolName: part.toolName,
        ...(part.inputEncoding != null ? { inputEncoding: part.inputEncoding } : {}),
        ...toolFields(part, dynamicOf(tools, part), false),
        ...(part.title != null ? { title: part.title } : {}),
      } as UIMessageChunk;
    case "tool-input-delta":
      return { type: "tool-input-delta", toolCallId: part.id, inputTextDelta: part.delta };
    case "tool-call": {
      const dynamic = dynamicOf(tools, part);
      if (part.invalid)
        return {
          type: "tool-input-error",
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          input: part.input,
          ...toolFields(part, dynamic, false),
          errorText: onError(part.error),
          ...(part.title != null ? { title: part.title } : {}),
        } as UIMessageChunk;
      return {
        type: "tool-input-available",
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        input: part.input,
        ...toolFields(part, dynamic, true),
      } as UIMessageChunk;
    }
    case "tool-result":
      return {
        type: "tool-output-available",
        toolCallId: part.toolCallId,
        // JSON drops undefined: null keeps the output field (as toUIMessageStream does).
        output: part.output === undefined ? null : part.output,
        ...toolFields({ ...part, title: undefined }, undefined, false),
        ...(part.preliminary != null ? { preliminary: part.preliminary } : {}),
        ...(dynamicOf(tools, part) != null ? { dynamic: dynamicOf(tools, part) } : {}),
      } as UIMessageChunk;
    case "tool-error":
      return {
        type: "tool-output-error",
        toolCallId: part.toolCallId,
        errorText: part.providerExecuted
          ? typeof part.error === "string"
            ? part.error
            : JSON.stringify(part.error)
          : onError(part.error),
        ...toolFields({ ...part, title: undefined }, dynamicOf(tools, part), false),
      } as UIMessageChunk;
    case "tool-output-denied":
      return { type: "tool-output-denied", toolCallId: part.toolCallId };
    case "abort":
      return part as UIMessageChunk;
    default:
      // Sources are ours, start/finish/raw/tool-input-end are not sent, errors are the caller's.
      return null;
  }
}

/**
 * Merged deltas go out at most this long after the first one was held back. The web app shows a
 * streaming reply's updates at most every 32 ms (useChat's experimental_throttle), so merging for
 * up to 30 ms loses nothing a reader sees and halves the writes per reply against 15 ms.
 */
export const FLUSH_MS = 30;
/** ...or as soon as this many characters are held. */
export const FLUSH_CHARS = 8 * 1024;

type DeltaType = "text-delta" | "reasoning-delta";

/**
 * One timer per flush interval for every coalescer of the thread: the chats streaming at once
 * flush on the same tick, so their bytes leave together (chat.worker.ts sends each tick's bytes
 * to the main thread as one message) and a thread runs one timer, not one per chat. A coalescer
 * is listed only while it holds deltas.
 */
const ticks = new Map<number, { timer: NodeJS.Timeout; waiting: Set<DeltaCoalescer> }>();

function flushOnTick(coalescer: DeltaCoalescer, flushMs: number): void {
  const tick = ticks.get(flushMs);
  if (tick) {
    tick.waiting.add(coalescer);
    return;
  }
  const waiting = new Set<DeltaCoalescer>([coalescer]);
  const timer = setTimeout(() => {
    ticks.delete(flushMs);
    for (const held of waiting) held.flush();
  }, flushMs);
  ticks.set(flushMs, { timer, waiting });
}

function leaveTick(coalescer: DeltaCoalescer, flushMs: number): void {
  const tick = ticks.get(flushMs);
  if (!tick?.waiting.delete(coalescer) || tick.waiting.size > 0) return;
  clearTimeout(tick.timer);
  ticks.delete(flushMs);
}

/**
 * Merges consecutive deltas of the same part into one. The first delta of every part is written
 * at once (the first token is never delayed); later ones wait at most FLUSH_MS (the thread's
 * next flush tick) or FLUSH_CHARS. Any other chunk, a delta of another part or one with provider
 * metadata flushes first, so the order of parts and the concatenated text never change. flush()
 * before ending the stream.
 */
export class DeltaCoalescer {
  private type: DeltaType = "text-delta";
  private id = "";
  private held = "";
  private waiting = false;
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
    else if (!this.waiting) {
      this.waiting = true;
      flushOnTick(this, this.flushMs);
    }
  }

  /** Writes what is held, if anything. */
  flush(): void {
    if (this.waiting) {
      this.waiting = false;
      leaveTick(this, this.flushMs);
    }
    if (this.held === "") return;
    const delta = this.held;
    this.held = "";
    this.write({ type: this.type, id: this.id, delta });
  }
}
