import { API_BASE_URL } from "@/config/env.ts";
import { ANON_ID_HEADER_NAME, getAnonId } from "@/lib/anon-id.ts";
import { createSseParser, type SseMessage } from "./sse-parser.ts";

/** Waits between reconnects after a dropped stream (the last one repeats). */
const RETRY_MS = [500, 1000, 2000, 4000] as const;

export interface EventStreamHandlers {
  /**
   * The messages of one read of the body, in order. Return true to stop following (the stream's
   * last message was among them: a run's `status`, a file's `ready`).
   */
  onMessages: (messages: SseMessage[]) => boolean;
  /** The stream cannot be read (not the caller's, or gone): 401, 403 or 404. */
  onFatal: () => void;
  /** The id to resume after (Last-Event-ID), or 0 for the whole stream. */
  lastEventId: () => number;
}

/**
 * The one run-events client (ARCHITECTURE.md §3.3): follows a server event stream of the API
 * (`path`, e.g. `/runs/:id/events`, `/files/:id/events`) until a handler says it has ended. Each
 * connection resumes with Last-Event-ID after the last message applied, so a dropped connection
 * (or a server restart) loses nothing and repeats nothing; it reconnects after a wait that grows
 * with each failure in a row. Stops when the signal aborts.
 */
export async function followEventStream(
  path: string,
  handlers: EventStreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    try {
      const headers = new Headers({ accept: "text/event-stream" });
      headers.set(ANON_ID_HEADER_NAME, getAnonId());
      const last = handlers.lastEventId();
      if (last > 0) headers.set("last-event-id", String(last));
      const response = await fetch(`${API_BASE_URL}${path}`, {
        headers,
        credentials: "same-origin",
        signal,
      });
      if (response.status === 404 || response.status === 401 || response.status === 403) {
        handlers.onFatal();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const parse = createSseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const messages = parse(decoder.decode(value, { stream: true }));
        if (messages.length === 0) continue;
        failures = 0;
        if (handlers.onMessages(messages)) {
          await reader.cancel().catch(() => undefined);
          return;
        }
      }
    } catch {
      // A dropped connection or a garbled message: resumed below after the last message applied.
      if (signal.aborted) return;
    }
    if (signal.aborted) return;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
    failures += 1;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      signal.addEventListener(
        "abort",
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
}

export type { SseMessage };
export { createSseParser };
