import { useCallback } from "react";
import { OpenInNexdocsButton } from "@/components/open-in-nexdocs.tsx";
import {
  type AnswerActionContext,
  AnswerExtraActionsContext,
} from "@/features/answer/components/answer-actions.tsx";
import { AnswerPage } from "@/features/answer/components/answer-page.tsx";
import {
  type ThreadHeaderContext,
  ThreadHeaderSlotContext,
} from "@/features/answer/components/thread-header-slot.tsx";
import { useSignInDialog } from "@/features/auth/hooks/use-sign-in-dialog.tsx";
import { FeedbackButtons } from "@/features/feedback/components/feedback-buttons.tsx";
import { DeleteAnswerButton } from "@/features/history/components/delete-answer-button.tsx";
import { ThreadHeader } from "@/features/history/components/thread-header.tsx";
import { BookmarkButton } from "@/features/library/components/bookmark-button.tsx";
import { ShareButton } from "@/features/shares/components/share-button.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { ComposerAttachProvider } from "./composer-attach.tsx";
import { ComposerHintsProvider } from "./composer-hints.tsx";

/** /app/search, /app/search/:queryAndId and /app/answer. */
export function AnswerRoute() {
  const { openSignIn } = useSignInDialog();
  const t = useT();
  // Under every finished answer: bookmark, share (the answer, or switch to the thread), delete
  // and feedback.
  const renderActions = useCallback(
    (answer: AnswerActionContext) => (
      <>
        <BookmarkButton threadId={answer.threadId} entryId={answer.entryId} onSignIn={openSignIn} />
        <ShareButton threadId={answer.threadId} entryId={answer.entryId} onSignIn={openSignIn} />
        <OpenInNexdocsButton threadId={answer.threadId} messageId={answer.entryId} />
        <DeleteAnswerButton
          threadId={answer.threadId}
          entryId={answer.entryId}
          onDeleted={answer.removeTurn}
        />
        <span className="ml-auto flex items-center gap-0.5">
          <FeedbackButtons
            entryId={answer.entryId}
            query={answer.query}
            markdown={answer.markdown}
          />
        </span>
      </>
    ),
    [openSignIn],
  );
  // Above the turns: the thread's title, rename, share (the whole thread) and delete.
  const renderHeader = useCallback(
    (thread: ThreadHeaderContext) => (
      <ThreadHeader
        {...thread}
        share={
          <ShareButton
            threadId={thread.threadId}
            onSignIn={openSignIn}
            label={t("shares.shareThread")}
          />
        }
      />
    ),
    [openSignIn, t],
  );
  return (
    <ThreadHeaderSlotContext value={renderHeader}>
      <AnswerExtraActionsContext value={renderActions}>
        <ComposerAttachProvider>
          <ComposerHintsProvider>
            <AnswerPage onSignIn={openSignIn} />
          </ComposerHintsProvider>
        </ComposerAttachProvider>
      </AnswerExtraActionsContext>
    </ThreadHeaderSlotContext>
  );
}
