import type { UIMessageChunk } from "ai";
import { ModelTextSanitizer } from "../../lib/model-text.ts";

/**
 * What every chat's UI-message chunks pass through on their way out (run-chat.ts):
 * - toolErrorText: how a failed tool call is worded for the person;
 * - ModelTextGuard: every text and reasoning delta through the one model-text sanitiser
 *   (lib/model-text.ts: no images but the sources', no image proxy URL a model wrote);
 * - DeltaCoalescer: consecutive text/reasoning deltas merged into fewer parts (the first delta of
 *   each part goes out at once; the rest at most FLUSH_MS later, on a tick shared by the thread's
 *   chats), the text unchanged.
 */

/** What the answer stream's writer accepts. */
export type ChunkWriter<C extends UIMessageChunk = UIMessageChunk> = (chunk: C) => void;

/** The text a failed tool call shows: the tool's own message (our tools' errors are for people). */
export function toolErrorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : JSON.stringify(error);
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

/**
 * Text and reasoning deltas through lib/model-text.ts's streaming sanitiser, one per part, before
 * anything sees them (the stream, the saved turn): what a model wrote never carries an image or an
 * image proxy URL. Only what could still change meaning is held (an unfinished word or image),
 * and held text goes out before any other chunk, so the order of parts is kept. flush() at the
 * end of the stream (a stop or failure included).
 */
export class ModelTextGuard {
  private readonly parts = new Map<string, ModelTextSanitizer>();

  constructor(private readonly write: ChunkWriter) {}

  push(chunk: UIMessageChunk): void {
    if (chunk.type === "text-delta" || chunk.type === "reasoning-delta") {
      const key = `${chunk.type}:${chunk.id}`;
      this.flush(key);
      let part = this.parts.get(key);
      if (!part) {
        part = new ModelTextSanitizer();
        this.parts.set(key, part);
      }
      // A delta with provider metadata goes out with everything before it (its place is kept).
      const delta =
        chunk.providerMetadata == null
          ? part.push(chunk.delta)
          : part.push(chunk.delta) + part.end();
      if (delta !== "" || chunk.delta === "" || chunk.providerMetadata != null)
        this.write({ ...chunk, delta });
      return;
    }
    this.flush();
    this.write(chunk);
  }

  /** Writes what is held (every part's, or every part's but `except`'s). */
  flush(except?: string): void {
    for (const [key, part] of this.parts) {
      if (key === except) continue;
      const rest = part.end();
      if (rest === "") continue;
      const [type, id] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
      this.write({ type: type as "text-delta" | "reasoning-delta", id, delta: rest });
    }
  }
}
