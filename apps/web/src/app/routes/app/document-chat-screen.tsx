import { useSignInDialog } from "@/features/auth/hooks/use-sign-in-dialog.tsx";
import { DocumentChatScreen } from "@/features/documents/components/document-route.tsx";
import { ThreadHeader } from "@/features/history/components/thread-header.tsx";
import { ShareButton } from "@/features/shares/components/share-button.tsx";
import { AppNotFoundRoute } from "./not-found.tsx";

/**
 * A document beside its chat, with the bar a saved thread has everywhere: its title with Rename,
 * Share thread and Delete (the history and shares features' own; features do not import each
 * other, so the app layer puts them together).
 */
export function DocumentChatWithHeader() {
  const { openSignIn } = useSignInDialog();
  return (
    <DocumentChatScreen
      notFound={<AppNotFoundRoute />}
      threadHeader={(thread) => (
        <ThreadHeader
          threadId={thread.threadId}
          firstQuery={thread.firstQuery}
          busy={false}
          saved={true}
          onDeleted={thread.onDeleted}
          share={
            <ShareButton threadId={thread.threadId} onSignIn={openSignIn} label="Share thread" />
          }
        />
      )}
    />
  );
}
