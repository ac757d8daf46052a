import { CHUNK_LOAD_TIMEOUT_MS } from "@nexus/contracts";
import { t } from "./i18n/i18n.ts";

/** A page's code could not be loaded (network failure, deploy in between, or timeout). */
export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
  readonly timedOut: boolean;

  constructor(message: string, options: { cause?: unknown; timedOut?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.timedOut = options.timedOut ?? false;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Runs `load`, failing with a ChunkLoadError when it rejects or takes longer than the limit. */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(
        // (What the person reads is ChunkErrorView's; the message says the same in their language.)
        new ChunkLoadError(t("errorPage.tooSlow"), { timedOut: true }),
      );
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(t("errorPage.notLoaded"), { cause }));
      },
    );
  });
}
