import type { AgentReplyContext } from "@/features/agents/components/agent-chat-slots.tsx";
import { FeedbackButtons } from "@/features/feedback/components/feedback-buttons.tsx";
import { DeleteAnswerButton } from "@/features/history/components/delete-answer-button.tsx";
import { BookmarkButton } from "@/features/library/components/bookmark-button.tsx";
import { ShareButton } from "@/features/shares/components/share-button.tsx";

/**
 * Under a saved agent reply (a history entry like an answer): bookmark, share, delete and
 * feedback, as under answers. The app layer composes them (features do not import each other).
 */
export function SavedReplyActions({
  reply,
  onSignIn,
}: {
  reply: AgentReplyContext;
  onSignIn: () => void;
}) {
  return (
    <>
      <BookmarkButton threadId={reply.threadId} entryId={reply.entryId} onSignIn={onSignIn} />
      <ShareButton threadId={reply.threadId} entryId={reply.entryId} onSignIn={onSignIn} />
      <DeleteAnswerButton
        threadId={reply.threadId}
        entryId={reply.entryId}
        onDeleted={reply.removeTurn}
      />
      <span className="ml-auto flex items-center gap-0.5">
        <FeedbackButtons entryId={reply.entryId} query={reply.query} markdown={reply.markdown} />
      </span>
    </>
  );
}
