import type { MetricEvent } from "../../lib/metrics.ts";
import type { ChatJob } from "./runners.ts";

/** How much lower than the main thread a chat worker is scheduled (nice steps, Linux). */
export const WORKER_NICE_STEPS = 10;

/** Messages between the server's main thread and a chat worker (chat-workers.ts). */

export interface ChatWorkerSetup {
  /** The database the main thread uses (the embedded one's URL is known only at start). */
  databaseUrl: string;
  /** Connections in the worker's own pool. */
  poolMax: number;
  /** Environment values set on top of the process's (tests). */
  env?: Record<string, string>;
}

export type ToWorker =
  | { type: "start"; id: number; job: ChatJob }
  | { type: "abort"; id: number }
  | { type: "close" };

/** A chat's server-sent events since the last batch (absent: none), and whether it has ended. */
export interface ChatOutput {
  id: number;
  text?: string;
  end?: true;
}

/**
 * Everything the chats of a worker produced in one turn of its event loop, one message: their
 * outputs, and their metric events for the main thread's registry (lib/metrics.ts).
 */
export type FromWorker =
  | { type: "ready" }
  | { type: "batch"; outputs: ChatOutput[]; events?: MetricEvent[] };
