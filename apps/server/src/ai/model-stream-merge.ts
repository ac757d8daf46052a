/**
 * Merges a streamed chat completion's consecutive text deltas before the AI SDK reads them.
 *
 * An OpenAI-compatible server sends one server-sent event per token. Each event costs the SDK's
 * provider a trip through four web streams (body, TextDecoderStream, EventSourceParserStream, its
 * own TransformStream), a JSON parse, a zod validation of the chunk and the middlewares' streams:
 * about 0.2 ms of CPU per token on our machines, most of a reply's server time. The reply a person
 * sees is drawn at most every 32 ms and the runtime already merges deltas for up to 30 ms
 * (chat/model-chunks.ts), so tokens arriving within a few milliseconds of each other never needed
 * separate trips: this merges them at the source.
 *
 * What it merges: consecutive `data:` events that carry nothing but one non-empty delta string of
 * the same kind (`content`, `reasoning_content` or `reasoning`) for choice 0 (no finish reason, no
 * usage, no tool calls, no other values), with the same id, model and other top-level values. The
 * merged event is the first one with the texts joined, so the SDK sees the same text in the same
 * order, in fewer parts. Anything else (a role-only or finish event, usage, tool-call deltas,
 * `[DONE]`, comments, an event that is not JSON, a body with CR line ends) is passed on as it came,
 * after what is held.
 *
 * When: the first delta goes on at once (the first token is never held back), and opens a window
 * of `windowMs`; deltas arriving inside it are held and go on together when it ends, which opens
 * the next one; a window that ends with nothing held closes. A delta therefore waits at most
 * `windowMs`. When the upstream body ends or fails, what is held goes on first (a failure is
 * passed on once the reader has taken it: a web stream drops what is queued when it errors).
 */

const encoder = new TextEncoder();

type DeltaKey = "content" | "reasoning_content" | "reasoning";

interface Held {
  /** The first event of the run, parsed; its delta text is replaced by the joined text. */
  event: { choices: [{ delta: Record<string, unknown> }] };
  key: DeltaKey;
  /** What two events must share to be merged. */
  signature: string;
  text: string;
}

const TEXT_KEYS = new Set<string>(["content", "reasoning_content", "reasoning"]);
const CHOICE_KEYS = new Set<string>(["index", "delta", "finish_reason", "logprobs"]);

const isPrimitive = (value: unknown) =>
  value === null ||
  typeof value === "string" ||
  typeof value === "number" ||
  typeof value === "boolean";

/**
 * The event's text delta and what it must share with a neighbour to be merged with it, or null
 * when the event is anything else.
 */
function mergeable(data: string): (Omit<Held, "text"> & { text: string }) | null {
  // Cheap refusals first: most events that cannot merge say so in their text.
  if (data.charCodeAt(0) !== 123 /* { */ || data.includes('"tool_calls":[')) return null;
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof event !== "object" || event === null || Array.isArray(event)) return null;
  let signature = "";
  let choices: unknown;
  for (const [name, value] of Object.entries(event)) {
    if (name === "choices") choices = value;
    else if (name === "usage") {
      if (value != null) return null;
    } else if (isPrimitive(value)) signature += `${name}=${JSON.stringify(value)};`;
    else return null;
  }
  if (!Array.isArray(choices) || choices.length !== 1) return null;
  const choice: unknown = choices[0];
  if (typeof choice !== "object" || choice === null) return null;
  let delta: unknown;
  for (const [name, value] of Object.entries(choice)) {
    if (!CHOICE_KEYS.has(name)) return null;
    if (name === "delta") delta = value;
    else if (name === "index") {
      if (value !== 0 && value != null) return null;
    } else if (value != null) return null;
  }
  if (typeof delta !== "object" || delta === null) return null;
  let key: DeltaKey | null = null;
  let text = "";
  for (const [name, value] of Object.entries(delta)) {
    if (value == null) continue;
    if (TEXT_KEYS.has(name) && typeof value === "string" && value !== "" && key === null) {
      key = name as DeltaKey;
      text = value;
    } else if (name === "role" && typeof value === "string") signature += `role=${value};`;
    else return null;
  }
  if (key === null) return null;
  return { event: event as Held["event"], key, signature: `${key}|${signature}`, text };
}

function serialize(held: Held): string {
  held.event.choices[0].delta[held.key] = held.text;
  return `data: ${JSON.stringify(held.event)}\n\n`;
}

/**
 * Merges the decoded text of a server-sent-events body as it arrives (see above) and hands what
 * goes on now to `out`. finish() when the body ends or fails; stop() when it is given up.
 */
export class DeltaMerger {
  private rest = "";
  private held: Held | null = null;
  private timer: NodeJS.Timeout | null = null;
  private passThrough = false;
  private stopped = false;

  constructor(
    private readonly out: (text: string) => void,
    private readonly windowMs: number,
  ) {}

  push(text: string): void {
    if (this.stopped) return;
    if (this.passThrough) {
      this.emit(text);
      return;
    }
    const all = this.rest + text;
    if (all.includes("\r")) {
      // CR line ends: not worth parsing here; the SDK's parser handles them.
      this.passThrough = true;
      this.rest = "";
      this.emit(this.takeHeld() + all);
      this.stopTimer();
      return;
    }
    const events = all.split("\n\n");
    this.rest = events.pop() ?? "";
    let now = "";
    for (const block of events) if (block !== "") now += this.take(block);
    this.emit(now);
  }

  /**
   * The body ended: what is held and any unfinished event go on; or it failed: what is held goes
   * on (an unfinished event is dropped, as the SDK's parser would). Whether anything went on.
   */
  finish(options: { failed?: boolean } = {}): boolean {
    if (this.stopped) return false;
    this.stopTimer();
    const text = this.takeHeld() + (options.failed ? "" : this.rest);
    this.rest = "";
    this.emit(text);
    this.stopped = true;
    return text !== "";
  }

  /** The body was given up: nothing more goes on. */
  stop(): void {
    this.stopTimer();
    this.held = null;
    this.stopped = true;
  }

  /** One event: what goes on now (possibly nothing, when it is held). */
  private take(block: string): string {
    const candidate =
      block.startsWith("data: ") && !block.includes("\n") ? mergeable(block.slice(6)) : null;
    if (!candidate) return `${this.takeHeld()}${block}\n\n`;
    if (this.timer === null) {
      // No window open: this one goes at once and opens one.
      this.timer = setTimeout(this.windowEnds, this.windowMs);
      return `${this.takeHeld()}${block}\n\n`;
    }
    if (this.held && this.held.signature === candidate.signature) {
      this.held.text += candidate.text;
      return "";
    }
    const before = this.takeHeld();
    this.held = candidate;
    return before;
  }

  private readonly windowEnds = () => {
    this.timer = null;
    if (!this.held) return; // nothing came inside the window: it closes
    this.emit(this.takeHeld());
    this.timer = setTimeout(this.windowEnds, this.windowMs);
  };

  private takeHeld(): string {
    if (!this.held) return "";
    const text = serialize(this.held);
    this.held = null;
    return text;
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private emit(text: string): void {
    if (text !== "" && !this.stopped) this.out(text);
  }
}

/** A web body merged (a `fetch` other than ours, see model-transport.ts for our own). */
export function mergeModelDeltas(
  upstream: ReadableStream<Uint8Array>,
  options: { windowMs: number },
): ReadableStream<Uint8Array> {
  const reader = upstream.getReader();
  const decoder = new TextDecoder();
  let merger!: DeltaMerger;
  let sent = 0;
  let failure: { error: unknown } | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      merger = new DeltaMerger((text) => {
        sent++;
        controller.enqueue(encoder.encode(text));
      }, options.windowMs);
    },
    async pull(controller) {
      // The held deltas sent on failure have been read (pull runs once the queue is empty).
      if (failure) return controller.error(failure.error);
      // Upstream reads until something goes on: a pull that enqueues nothing is not called again.
      const before = sent;
      try {
        while (sent === before) {
          const { done, value } = await reader.read();
          if (done) {
            merger.push(decoder.decode());
            merger.finish();
            controller.close();
            return;
          }
          merger.push(decoder.decode(value, { stream: true }));
        }
      } catch (error) {
        if (merger.finish({ failed: true })) failure = { error };
        else controller.error(error);
      }
    },
    cancel(reason) {
      merger.stop();
      return reader.cancel(reason);
    },
  });
}

/** Whether a model response's headers say server-sent events (a streamed completion). */
export function isEventStream(headers: Headers): boolean {
  return headers.get("content-type")?.includes("text/event-stream") ?? false;
}
