import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { DocumentChatWithHeader } from "./document-chat-screen.tsx";

/** /app/document-chat/:documentId(/:threadId): a document beside its chat (a new thread without one). */
export function DocumentChatRoute() {
  return (
    <RequireSignIn area="Document chat">
      <DocumentChatWithHeader />
    </RequireSignIn>
  );
}
