import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { DocumentPlaceholder } from "@/features/documents/components/document-placeholder.tsx";

/** /app/pdf-chat/:documentId/:threadId */
export function PdfChatRoute() {
  return (
    <RequireSignIn area="PDF chat">
      <DocumentPlaceholder
        title="PDF chat"
        description="Ask questions about a PDF and get answers that point to the page."
        upcoming={["The PDF beside the chat", "Answers citing page numbers"]}
      />
    </RequireSignIn>
  );
}
