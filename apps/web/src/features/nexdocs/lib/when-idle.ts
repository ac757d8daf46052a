/**
 * Runs `task` when the page is idle — between frames and keystrokes, never inside one — or after
 * `timeoutMs` at the latest (a browser without requestIdleCallback runs it in its own task).
 * Returns how to cancel it.
 */
export function whenIdle(task: () => void, timeoutMs = 1_000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 0);
  return () => clearTimeout(handle);
}

/** `read()`'s result, computed when the page is idle (see `whenIdle`). */
export function readWhenIdle<T>(read: () => T, timeoutMs = 1_000): Promise<T> {
  return new Promise((resolve, reject) => {
    whenIdle(() => {
      try {
        resolve(read());
      } catch (cause) {
        reject(cause);
      }
    }, timeoutMs);
  });
}
