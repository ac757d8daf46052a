import { useSession } from "@/lib/session.tsx";
import { isThreadUnavailable, useThread } from "../api/get-thread.ts";
import type { AnswerUIMessage } from "../lib/answer-message.ts";
import {
  ANONYMOUS_OWNER,
  createThreadChat,
  getThreadChat,
  type ThreadChat,
} from "../lib/chat-store.ts";
import { loadSessionThread } from "../lib/session-thread.ts";

export type ThreadChatState =
  | { kind: "loading" }
  | { kind: "ready"; thread: ThreadChat }
  | { kind: "unavailable" }
  | { kind: "failed"; error: unknown; retry: () => void };

/** The session's identity as a chat owner; null while it is being loaded. */
export function useChatOwner(): string | null {
  const session = useSession();
  if (session.status === "loading") return null;
  return session.user?.id ?? ANONYMOUS_OWNER;
}

/**
 * The chat of an existing thread: the live one when this tab has it, else rebuilt from the server
 * (signed in) or from the tab's session copy (anonymous).
 */
export function useThreadChat(threadId: string): ThreadChatState {
  const owner = useChatOwner();
  const live = owner === null ? undefined : getThreadChat(threadId, owner);
  const fetchFromServer = owner !== null && owner !== ANONYMOUS_OWNER && !live;
  const query = useThread(threadId, fetchFromServer);

  if (owner === null) return { kind: "loading" };
  if (live) return { kind: "ready", thread: live };

  if (owner === ANONYMOUS_OWNER) {
    const saved = loadSessionThread(threadId);
    if (!saved || saved.messages.length === 0) return { kind: "unavailable" };
    const thread = createThreadChat({
      threadId,
      owner,
      settings: { focusMode: saved.focusMode, reasoning: false },
      messages: saved.messages,
    });
    return { kind: "ready", thread };
  }

  if (query.isPending) return { kind: "loading" };
  if (query.isError) {
    if (isThreadUnavailable(query.error)) return { kind: "unavailable" };
    return { kind: "failed", error: query.error, retry: () => void query.refetch() };
  }
  const { entries, messages } = query.data;
  const last = entries[entries.length - 1];
  if (!last) return { kind: "unavailable" };
  const thread = createThreadChat({
    threadId,
    owner,
    settings: { focusMode: last.focusMode, reasoning: false },
    // The thread API's UI messages: an answer's own stream parts (contracts' stored-turn.ts).
    messages: messages as AnswerUIMessage[],
  });
  return { kind: "ready", thread };
}
