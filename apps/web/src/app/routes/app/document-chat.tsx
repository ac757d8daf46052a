import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { DocumentChatWithHeader } from "./document-chat-screen.tsx";

/** /app/document-chat/:documentId(/:threadId): a document beside its chat (a new thread without one). */
export function DocumentChatRoute() {
  const t = useT();
  return (
    <RequireSignIn area={t("kinds.document")}>
      <DocumentChatWithHeader />
    </RequireSignIn>
  );
}
