import type { TextStreamPart, ToolSet } from "ai";

/**
 * What a model call read directly (model-step.ts) shares across its steps: where its parts go,
 * checked against the abort signal as streamText checks it, its part-id reservations, and
 * small helpers of streamText's step transform.
 */

type Part = TextStreamPart<ToolSet>;

/** The AI SDK's getErrorMessage (an abort part's reason). */
function errorMessage(error: unknown): string {
  if (error == null) return "unknown error";
  if (typeof error === "string") return error;
  if (error instanceof Error) return error.message;
  return JSON.stringify(error);
}

/**
 * Where the parts go. streamText checks the signal as each part leaves it: once aborted, the
 * next part is replaced by an `abort` part and nothing follows.
 */
export class PartOut {
  stopped = false;

  constructor(
    private readonly signal: AbortSignal,
    private readonly sink: (part: Part) => void,
  ) {}

  /** Sends a part, or the abort part in its place (false once stopped: send nothing more). */
  send(part: Part): boolean {
    if (this.stopped) return false;
    if (this.signal.aborted) {
      this.abort();
      return false;
    }
    this.sink(part);
    return true;
  }

  /** Sends a part unless stopped, without looking at the signal. */
  force(part: Part): boolean {
    if (this.stopped) return false;
    this.sink(part);
    return true;
  }

  /** Ends the stream with an abort part (with the signal's reason, as streamText words it). */
  abort(): void {
    if (this.stopped) return;
    this.stopped = true;
    const { reason } = this.signal;
    this.sink(
      (reason !== undefined
        ? { type: "abort", reason: errorMessage(reason) }
        : { type: "abort" }) as Part,
    );
  }
}

/** Part ids as streamText reserves them: an id used before in the call gets a fresh one. */
export function idReserver(): (id: string) => string {
  const used = new Set<string>();
  return (id) => {
    let unique = id;
    while (used.has(unique)) unique = `aitxt-${crypto.randomUUID().replaceAll("-", "")}`;
    used.add(unique);
    return unique;
  };
}

/** streamText's part-id reservations: one for text, one for reasoning, for the whole call. */
export interface PartIds {
  text: (id: string) => string;
  reasoning: (id: string) => string;
}

/** The part types that count as output (a step without output or finish is an error). */
export const OUTPUT = new Set<string>([
  "file",
  "source",
  "text-start",
  "text-end",
  "text-delta",
  "reasoning-start",
  "reasoning-end",
  "reasoning-delta",
  "tool-input-start",
  "tool-input-end",
  "tool-input-delta",
  "tool-approval-request",
  "tool-call",
  "tool-result",
  "tool-error",
]);

export const isAbortError = (error: unknown) =>
  error instanceof Error &&
  (error.name === "AbortError" ||
    error.name === "ResponseAborted" ||
    error.name === "TimeoutError");

export const base64 = (data: string | Uint8Array) =>
  typeof data === "string" ? data : Buffer.from(data).toString("base64");
