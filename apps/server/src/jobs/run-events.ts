import type { Db } from "@nexus/db";
import pg from "pg";
import type { Logger } from "../lib/logger.ts";

/**
 * Progress of durable runs: an append-only run_events table (run id, seq, type, payload), and a
 * PostgreSQL LISTEN on one channel so any instance's SSE streams follow any instance's runs live.
 */
const CHANNEL = "nexus_run_events";

export interface RunEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: Date;
}

const APPEND_SQL = `
with s as (
  update runs set last_seq = last_seq + 1 where id = $1 returning id, last_seq
), e as (
  insert into run_events (run_id, seq, type, payload)
  select id, last_seq, $2, $3::jsonb from s
  returning seq
)
select e.seq, pg_notify('${CHANNEL}', $1::text) as notified from e`;

/** Appends one event (the next seq of the run) and notifies listeners when it commits. */
export async function appendRunEvent(
  db: Db,
  event: { runId: string; type: string; payload?: Record<string, unknown> },
): Promise<number | null> {
  const result = await db.$client.query<{ seq: number }>({
    name: "run_events_append",
    text: APPEND_SQL,
    values: [event.runId, event.type, JSON.stringify(event.payload ?? {})],
  });
  return result.rows[0]?.seq ?? null;
}

export async function readRunEvents(db: Db, runId: string, afterSeq: number): Promise<RunEvent[]> {
  const result = await db.$client.query<{
    seq: number;
    type: string;
    payload: Record<string, unknown>;
    created_at: Date;
  }>({
    name: "run_events_read",
    text: "select seq, type, payload, created_at from run_events where run_id = $1 and seq > $2 order by seq limit 500",
    values: [runId, afterSeq],
  });
  return result.rows.map((r) => ({
    seq: r.seq,
    type: r.type,
    payload: r.payload,
    createdAt: r.created_at,
  }));
}

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
