import type { AnswerRetryStatus } from "@nexus/contracts";
import { useSyncExternalStore } from "react";
import type { ThreadChat } from "../lib/chat-store.ts";

/** The server's retry of the model for the thread's running answer (data-status), else null. */
export function useRetryStatus(thread: ThreadChat): AnswerRetryStatus | null {
  const { retrying } = thread;
  return useSyncExternalStore(retrying.subscribe, retrying.get, retrying.get);
}
