import type { Db } from "@nexus/db";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Logger } from "./logger.ts";

/**
 * Prometheus metrics (docs/metrics.md lists every one). Code records plain events; the main
 * thread's Metrics applies them to its prom-client registry, a chat worker's Metrics forwards them
 * to the main thread (chat-workers.ts), so one /metrics shows the whole process. Gauges of state
 * (database pool, job queues, chat workers) are read at scrape time.
 */

export type MetricEvent =
  | { type: "http"; method: string; route: string; status: number; seconds: number }
  | {
      type: "chat";
      kind: string;
      /** Seconds to the first text; null when no text came (a failure before it). */
      firstTokenSeconds: number | null;
      totalSeconds: number;
      outcome: "completed" | "failed" | "aborted";
    }
  | { type: "model"; provider: string; seconds: number; ok: boolean }
  | { type: "tokens"; provider: string; input: number; output: number }
  | { type: "search"; provider: string; seconds: number; ok: boolean }
  | { type: "quota-refusal"; counter: string };

export interface ChatWorkerStats {
  /** Live worker threads. */
  workers: number;
  /** Chats running in them now. */
  inFlight: number;
}

export interface Metrics {
  record(event: MetricEvent): void;
  /** The registry /metrics serves; null where events are forwarded (a chat worker). */
  readonly registry: Registry | null;
  /** Where the chat worker pool's use is read at scrape time (main.ts, once workers start). */
  watchChatWorkers(read: () => ChatWorkerStats): void;
}

/** Metrics of a chat worker thread: every event goes to `post` (to the main thread's registry). */
export function forwardingMetrics(post: (event: MetricEvent) => void): Metrics {
  return { record: post, registry: null, watchChatWorkers: () => undefined };
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const CHAT_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120, 300];

/** Waiting and running jobs of every pg-boss queue, and the oldest waiting job's age: one query. */
const QUEUE_SQL = `
  select q.name,
         count(j.id) filter (where j.state in ('created', 'retry'))::int as waiting,
         count(j.id) filter (where j.state = 'active')::int as active,
         coalesce(extract(epoch from now() - min(j.created_on)
           filter (where j.state in ('created', 'retry'))), 0)::float8 as oldest
    from pgboss.queue q
    left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active')
   group by q.name`;

interface QueueRow {
  name: string;
  waiting: number;
  active: number;
  oldest: number;
}

/** The main thread's metrics: a registry of its own (never prom-client's global one). */
export function createMetrics(options: { db: Db; logger: Logger }): Metrics {
  const { db, logger } = options;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const http = new Histogram({
    name: "nexus_http_request_duration_seconds",
    help: "Time to the response's headers, by method, matched route pattern and status.",
    labelNames: ["method", "route", "status"],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const firstToken = new Histogram({
    name: "nexus_chat_first_token_seconds",
    help: "Time from a chat's start (answer, agent reply) to its first text, by kind.",
    labelNames: ["kind"],
    buckets: CHAT_BUCKETS,
    registers,
  });
  const chatTotal = new Histogram({
    name: "nexus_chat_duration_seconds",
    help: "Time from a chat's start to its end, by kind and outcome.",
    labelNames: ["kind", "outcome"],
    buckets: CHAT_BUCKETS,
    registers,
  });
  const model = new Histogram({
    name: "nexus_model_request_duration_seconds",
    help: "Time from a model call to its first streamed part (or its whole answer), by provider.",
    labelNames: ["provider"],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const modelErrors = new Counter({
    name: "nexus_model_request_errors_total",
    help: "Model calls that failed, by provider.",
    labelNames: ["provider"],
    registers,
  });
  const tokens = new Counter({
    name: "nexus_model_tokens_total",
    help: "Tokens the model reported, by provider and direction (input, output).",
    labelNames: ["provider", "direction"],
    registers,
  });
  const search = new Histogram({
    name: "nexus_search_request_duration_seconds",
    help: "Search provider call time, by provider.",
    labelNames: ["provider"],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const searchErrors = new Counter({
    name: "nexus_search_request_errors_total",
    help: "Search provider calls that failed, by provider.",
    labelNames: ["provider"],
    registers,
  });
  const quota = new Counter({
    name: "nexus_quota_refusals_total",
    help: "Requests refused because a usage limit was reached, by counter.",
    labelNames: ["counter"],
    registers,
  });

  new Gauge({
    name: "nexus_db_pool_clients",
    help: "This process's main database pool: total and idle connections, callers waiting.",
    labelNames: ["state"],
    registers,
    collect() {
      const pool = db.$client;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });

  let queueRows: QueueRow[] = [];
  let queueRead: Promise<void> | null = null;
  // Both queue gauges come from one query per scrape (the first gauge's collect starts it).
  const readQueues = async () => {
    queueRead ??= (async () => {
      try {
        const exists = await db.$client.query<{ ok: boolean }>(
          "select to_regclass('pgboss.queue') is not null as ok",
        );
        queueRows = exists.rows[0]?.ok ? (await db.$client.query<QueueRow>(QUEUE_SQL)).rows : [];
      } catch (error) {
        logger.warn({ err: error }, "metrics: job queues could not be read");
        queueRows = [];
      }
    })().finally(() => {
      queueRead = null;
    });
    await queueRead;
  };
  new Gauge({
    name: "nexus_job_queue_depth",
    help: "Jobs of a pg-boss queue waiting (created or retry) and running (active).",
    labelNames: ["queue", "state"],
    registers,
    async collect() {
      await readQueues();
      this.reset();
      for (const row of queueRows) {
        this.set({ queue: row.name, state: "waiting" }, row.waiting);
        this.set({ queue: row.name, state: "active" }, row.active);
      }
    },
  });
  new Gauge({
    name: "nexus_job_queue_oldest_age_seconds",
    help: "Age of the oldest waiting job of a pg-boss queue (0 when none waits).",
    labelNames: ["queue"],
    registers,
    async collect() {
      await readQueues();
      this.reset();
      for (const row of queueRows) this.set({ queue: row.name }, row.oldest);
    },
  });

  let readWorkers: () => ChatWorkerStats = () => ({ workers: 0, inFlight: 0 });
  new Gauge({
    name: "nexus_chat_workers",
    help: "Live chat worker threads (0: chats run on the main thread).",
    registers,
    collect() {
      this.set(readWorkers().workers);
    },
  });
  new Gauge({
    name: "nexus_chat_worker_jobs",
    help: "Chats running in the chat worker threads now.",
    registers,
    collect() {
      this.set(readWorkers().inFlight);
    },
  });

  const record = (event: MetricEvent): void => {
    switch (event.type) {
      case "http":
        http.observe(
          { method: event.method, route: event.route, status: String(event.status) },
          event.seconds,
        );
        return;
      case "chat":
        if (event.firstTokenSeconds !== null)
          firstToken.observe({ kind: event.kind }, event.firstTokenSeconds);
        chatTotal.observe({ kind: event.kind, outcome: event.outcome }, event.totalSeconds);
        return;
      case "model":
        // An error series starts at 0 with the provider's first call (rate() sees the first error).
        modelErrors.inc({ provider: event.provider }, event.ok ? 0 : 1);
        if (event.ok) model.observe({ provider: event.provider }, event.seconds);
        return;
      case "tokens":
        tokens.inc({ provider: event.provider, direction: "input" }, event.input);
        tokens.inc({ provider: event.provider, direction: "output" }, event.output);
        return;
      case "search":
        searchErrors.inc({ provider: event.provider }, event.ok ? 0 : 1);
        if (event.ok) search.observe({ provider: event.provider }, event.seconds);
        return;
      case "quota-refusal":
        quota.inc({ counter: event.counter });
        return;
    }
  };

  return {
    record,
    registry,
    watchChatWorkers: (read) => {
      readWorkers = read;
    },
  };
}

/** Seconds since a performance.now() reading. */
export function secondsSince(start: number): number {
  return (performance.now() - start) / 1000;
}
