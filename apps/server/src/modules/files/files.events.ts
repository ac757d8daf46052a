import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv, Deps } from "../../deps.ts";
import { eventsAfter } from "./files.service.ts";

/** Keep-alive comment interval while nothing happens (proxies drop idle streams). */
const HEARTBEAT_MS = 15_000;
/** Without a LISTEN hub (no job runtime in this process): how often to look for new events. */
const POLL_MS = 1_000;

function lastEventIdOf(c: Context<AppEnv>): number {
  const raw = c.req.header("last-event-id") ?? c.req.query("lastEventId") ?? "0";
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n < 2 ** 31 ? n : 0;
}

/**
 * GET /api/files/:id/events: SSE of the file's ingestion run. Replays the events after
 * Last-Event-ID, then follows new ones (woken by LISTEN/NOTIFY, from any instance); ends after
 * `ready` or `failed`.
 */
export function streamFileEvents(options: { deps: Deps; c: Context<AppEnv>; runId: string }) {
  const { deps, c, runId } = options;
  let last = lastEventIdOf(c);
  return streamSSE(c, async (stream) => {
    let pending = true;
    let wake: (() => void) | null = null;
    const poke = () => {
      pending = true;
      wake?.();
    };
    const unsubscribe = deps.runEvents?.subscribe(runId, poke) ?? (() => undefined);
    let aborted = false;
    stream.onAbort(() => {
      aborted = true;
      wake?.();
    });
    try {
      while (!aborted) {
        pending = false;
        const events = await eventsAfter(deps, runId, last);
        for (const event of events) {
          await stream.writeSSE({ id: String(event.seq), data: JSON.stringify(event) });
          last = event.seq;
          if (event.type === "ready" || event.type === "failed") return;
        }
        if (events.length > 0 || pending) continue;
        const idle = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(true), deps.runEvents ? HEARTBEAT_MS : POLL_MS);
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        wake = null;
        if (idle && !aborted) await stream.write(": keep-alive\n\n");
      }
    } finally {
      unsubscribe();
    }
  });
}
