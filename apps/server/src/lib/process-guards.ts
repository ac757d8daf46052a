import type { Logger } from "./logger.ts";
import { safeError } from "./safe-error.ts";

/**
 * Nothing thrown outside a handler takes the server down, and nothing about it is printed raw.
 * Node's default for an unhandled rejection or an uncaught exception is to print the error (a
 * Drizzle error prints its SQL parameters: a document's text, a user's id) to stderr and exit; a
 * library promise nobody awaits (pg-boss's `fail()` after a job's error) would then stop the
 * service. Here both are logged through the redacting logger (`safeError`: type, codes, our
 * function names) and the process stays up:
 * - an unhandled rejection is a promise nobody waited for: no state was left half-changed by it;
 * - an uncaught exception ended one callback (a timer, a socket event); requests, jobs and chats
 *   each hold their own state and the database holds the rest, so the others go on. A bug that
 *   throws on every turn would log on every turn: the log says so, the service keeps answering.
 * Installed once per process (main.ts) or thread (chat.worker.ts).
 */
export function guardProcess(logger: Logger, where: string): void {
  process.on("unhandledRejection", (reason) => {
    // safeError also for a non-Error reason (a string could hold anything): its type only.
    logger.error({ err: safeError(reason), where }, "unhandled promise rejection (kept running)");
  });
  process.on("uncaughtException", (error, origin) => {
    logger.error({ err: safeError(error), where, origin }, "uncaught exception (kept running)");
  });
}
