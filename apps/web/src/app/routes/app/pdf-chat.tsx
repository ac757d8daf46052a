import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { DocumentChatScreen } from "@/features/documents/components/document-route.tsx";
import { AppNotFoundRoute } from "./not-found.tsx";

/** /app/pdf-chat/:documentId/:threadId: a PDF beside its chat. */
export function PdfChatRoute() {
  return (
    <RequireSignIn area="PDF chat">
      <DocumentChatScreen notFound={<AppNotFoundRoute />} />
    </RequireSignIn>
  );
}
