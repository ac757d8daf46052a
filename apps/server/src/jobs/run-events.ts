import pg from "pg";
import type { Logger } from "../lib/logger.ts";

/**
 * Live progress of durable runs: a PostgreSQL LISTEN on one channel, so any instance's SSE streams
 * follow any instance's runs (modules/runs appends the events and notifies). The NOTIFY channel's
 * payload is a run id: a new event of that run, or its ending.
 */
export const RUN_EVENTS_CHANNEL = "nexus_run_events";
const CHANNEL = RUN_EVENTS_CHANNEL;

/** Live wake-ups per run id from one LISTEN connection (reconnected when lost). */
export interface RunEventHub {
  subscribe(runId: string, onEvent: () => void): () => void;
  close(): Promise<void>;
}

export async function startRunEventHub(options: {
  url: string;
  logger: Logger;
}): Promise<RunEventHub> {
  const listeners = new Map<string, Set<() => void>>();
  let client: pg.Client | null = null;
  let closed = false;
  const wakeAll = () => {
    for (const set of listeners.values()) for (const listener of set) listener();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.url, application_name: "nexus-events" });
    next.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      for (const listener of listeners.get(message.payload) ?? []) listener();
    });
    next.on("error", (error) => {
      options.logger.warn({ err: error }, "run events: LISTEN connection lost");
      next.end().catch(() => undefined);
      if (client === next) client = null;
      if (!closed) setTimeout(() => void reconnect(), 1_000).unref();
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
  };
  const reconnect = async () => {
    if (closed || client) return;
    try {
      await connect();
      // Anything appended while disconnected: every stream re-reads from its last seq.
      wakeAll();
    } catch (error) {
      options.logger.warn({ err: error }, "run events: reconnect failed");
      if (!closed) setTimeout(() => void reconnect(), 2_000).unref();
    }
  };
  await connect();
  return {
    subscribe(runId, onEvent) {
      let set = listeners.get(runId);
      if (!set) {
        set = new Set();
        listeners.set(runId, set);
      }
      set.add(onEvent);
      return () => {
        set.delete(onEvent);
        if (set.size === 0) listeners.delete(runId);
      };
    },
    async close() {
      closed = true;
      wakeAll();
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
