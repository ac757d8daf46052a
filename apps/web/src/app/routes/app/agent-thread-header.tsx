import type { AgentThreadContext } from "@/features/agents/components/agent-chat-slots.tsx";
import { ThreadHeader } from "@/features/history/components/thread-header.tsx";
import { ShareButton } from "@/features/shares/components/share-button.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/**
 * A saved agent or document conversation's bar, as an answer thread has it: its title with
 * Rename, Share thread and Delete (the chats take it as a slot: features do not import each other).
 */
export function AgentThreadHeader({
  thread,
  onSignIn,
}: {
  thread: AgentThreadContext;
  onSignIn: () => void;
}) {
  const t = useT();
  return (
    <ThreadHeader
      threadId={thread.threadId}
      firstQuery={thread.firstQuery}
      busy={false}
      saved={true}
      onDeleted={thread.onDeleted}
      share={
        <ShareButton
          threadId={thread.threadId}
          onSignIn={onSignIn}
          label={t("shares.shareThread")}
        />
      }
    />
  );
}
