import { useSignInDialog } from "@/features/auth/hooks/use-sign-in-dialog.tsx";
import { DocumentChatScreen } from "@/features/documents/components/document-route.tsx";
import { AgentThreadHeader } from "./agent-thread-header.tsx";
import { ComposerAttachProvider } from "./composer-attach.tsx";
import { AppNotFoundRoute } from "./not-found.tsx";

/**
 * A document beside its chat, with the bar a saved thread has everywhere (the agent chat's: its
 * title with Rename, Share thread and Delete; features do not import each other, so the app layer
 * puts them together), and the files feature's upload and list for adding files to the chat.
 */
export function DocumentChatWithHeader() {
  const { openSignIn } = useSignInDialog();
  // The files feature's upload and list: a chat adds files (a collection) through them.
  return (
    <ComposerAttachProvider>
      <DocumentChatScreen
        notFound={<AppNotFoundRoute />}
        threadHeader={(thread) => <AgentThreadHeader thread={thread} onSignIn={openSignIn} />}
      />
    </ComposerAttachProvider>
  );
}
