import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { DocumentChatScreen } from "@/features/documents/components/document-route.tsx";
import { AppNotFoundRoute } from "./not-found.tsx";

/** /app/document-chat/:documentId(/:threadId): a document beside its chat (a new thread without one). */
export function DocumentChatRoute() {
  return (
    <RequireSignIn area="Document chat">
      <DocumentChatScreen notFound={<AppNotFoundRoute />} />
    </RequireSignIn>
  );
}
