import type { RunEventItem } from "@nexus/contracts";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv, Deps } from "../../deps.ts";
import { type RunEvent, readEvents, statusOf, TERMINAL } from "./runs.repo.ts";

/** Keep-alive comment interval while nothing happens (proxies drop idle streams). */
const HEARTBEAT_MS = 15_000;
/** Without a LISTEN hub (no job runtime in this process): how often to look for new events. */
const POLL_MS = 1_000;
/** readEvents' page: a full page means more may follow at once. */
export const RUN_EVENTS_PAGE = 2_000;

/** An event as GET /api/runs/:id/events sends it. */
export function presentRunEvent(event: RunEvent): RunEventItem {
  return {
    seq: event.seq,
    type: event.type,
    payload: event.payload,
    at: event.createdAt.toISOString(),
  };
}

function lastEventIdOf(c: Context<AppEnv>): number {
  const raw = c.req.header("last-event-id") ?? c.req.query("lastEventId") ?? "0";
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n < 2 ** 31 ? n : 0;
}

/**
 * SSE of a run's events: replays those after Last-Event-ID (each with `id:` = its seq), then
 * follows new ones (woken by LISTEN/NOTIFY, from any instance), and ends once the run has ended
 * and every event before its end is sent, with a last `event: status` message (no id) naming how
 * it ended. `endsOn` ends it earlier, on an event (the files route: `ready` or `failed`).
 */
export function streamRunEvents(options: {
  deps: Deps;
  c: Context<AppEnv>;
  runId: string;
  present?: (event: RunEvent) => unknown;
  endsOn?: (event: RunEvent) => boolean;
}) {
  const { deps, c, runId } = options;
  const present = options.present ?? presentRunEvent;
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
        // The status first: an ended run's events are all written before it ended.
        const status = await statusOf(deps.db, runId);
        const events = await readEvents(deps.db, runId, last, RUN_EVENTS_PAGE);
        // One socket write per page (a replay of 10,000 events is five writes, not 10,000).
        let batch = "";
        let ended = false;
        for (const event of events) {
          // JSON holds no raw line break: one `data:` line per event.
          batch += `id: ${event.seq}\ndata: ${JSON.stringify(present(event))}\n\n`;
          last = event.seq;
          if (options.endsOn?.(event)) {
            ended = true;
            break;
          }
        }
        if (batch) await stream.write(batch);
        if (ended) return;
        if (events.length === RUN_EVENTS_PAGE) continue;
        if (status === null || TERMINAL.includes(status)) {
          if (status) await stream.writeSSE({ event: "status", data: JSON.stringify({ status }) });
          return;
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
