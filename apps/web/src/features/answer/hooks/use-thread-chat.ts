import { useSavedThread } from "@/components/chat/thread/use-thread.ts";
import { useSession } from "@/lib/session.tsx";
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
  const saved = useSavedThread<AnswerUIMessage>(threadId, { enabled: fetchFromServer });

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

  if (saved.state === "loading") return { kind: "loading" };
  if (saved.state === "missing") return { kind: "unavailable" };
  if (saved.state === "failed") return { kind: "failed", error: saved.error, retry: saved.retry };
  const last = saved.thread?.entries.at(-1);
  if (!last) return { kind: "unavailable" };
  const thread = createThreadChat({
    threadId,
    owner,
    settings: { focusMode: last.focusMode, reasoning: false },
    messages: saved.messages,
  });
  return { kind: "ready", thread };
}
