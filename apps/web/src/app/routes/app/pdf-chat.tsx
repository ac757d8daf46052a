import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { DocumentChatWithHeader } from "./document-chat-screen.tsx";

/** /app/pdf-chat/:documentId/:threadId: a PDF beside its chat. */
export function PdfChatRoute() {
  return (
    <RequireSignIn area="PDF chat">
      <DocumentChatWithHeader />
    </RequireSignIn>
  );
}
