import { useLocation } from "react-router";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { DocumentChatWithHeader } from "./document-chat-screen.tsx";

/**
 * /app/document-chat/:documentId(/:threadId) and /app/pdf-chat/:documentId/:threadId: a document
 * beside its chat (a new thread without one). One route element for both, so a new chat moving on
 * to its thread's address stays the same screen.
 */
export function DocumentChatRoute() {
  const t = useT();
  const pdf = useLocation().pathname.startsWith("/app/pdf-chat/");
  return (
    <RequireSignIn area={pdf ? "PDF chat" : t("kinds.document")}>
      <DocumentChatWithHeader />
    </RequireSignIn>
  );
}
