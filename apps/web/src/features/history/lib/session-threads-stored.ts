import { ANSWER_THREAD_SESSION_KEY } from "@nexus/contracts";
import { browserSessionStorage, type KeyValueStorage, readJsonItem } from "@/lib/storage.ts";

/**
 * Whether this tab keeps anonymous threads (features/answer writes them under
 * ANSWER_THREAD_SESSION_KEY as {threads: [...]}): the app shell's cheap look before it loads the
 * code that reads them for import (session-thread-import.ts).
 */
export function hasSessionThreads(
  storage: KeyValueStorage | null = browserSessionStorage(),
): boolean {
  const value = readJsonItem(storage, ANSWER_THREAD_SESSION_KEY);
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as { threads?: unknown }).threads) &&
    (value as { threads: unknown[] }).threads.length > 0
  );
}
