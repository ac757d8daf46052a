/**
 * A connection that could not be opened: the statement never reached PostgreSQL, so running it
 * again cannot apply it twice. node-postgres says so by message (its own connect timeout, the
 * pool's wait for a free client) or by code (refused, "the database system is starting up",
 * too many connections). A connection lost after the statement was sent is NOT one of these: the
 * statement may have committed.
 */
export function isConnectFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "ECONNREFUSED" || code === "57P03" || code === "53300") return true;
    if (
      /Connection terminated due to connection timeout|timeout exceeded when trying to connect/.test(
        e.message,
      )
    )
      return true;
    e = e.cause;
  }
  return false;
}

/** Waits before the second and third attempt. */
export const CONNECT_RETRY_DELAYS_MS = [250, 1_000] as const;

/**
 * Runs `write` again when its connection could not be opened (isConnectFailure), after each of
 * `delaysMs`; any other error, or the last attempt's, is thrown. For writes whose loss costs the
 * person something (a turn they have already read): a pool that cannot open a connection within
 * its timeout on a saturated machine, or a database restarting, is a moment, not a lost answer.
 */
export async function retryConnectFailure<T>(
  write: () => Promise<T>,
  delaysMs: readonly number[] = CONNECT_RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !isConnectFailure(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
