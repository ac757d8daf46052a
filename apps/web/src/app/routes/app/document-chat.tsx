import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { DocumentPlaceholder } from "@/features/documents/components/document-placeholder.tsx";

/** /app/document-chat/:documentId(/:threadId) */
export function DocumentChatRoute() {
  return (
    <RequireSignIn area="Document chat">
      <DocumentPlaceholder
        title="Document chat"
        description="Chat with one of your documents."
        upcoming={["Answers grounded in the document", "Quotes linked to the passage"]}
      />
    </RequireSignIn>
  );
}
