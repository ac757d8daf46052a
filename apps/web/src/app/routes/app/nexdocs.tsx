import { useParams } from "react-router";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { DocumentScreen } from "@/features/nexdocs/components/document-screen.tsx";

/**
 * /app/nexdocs/:documentId(/:threadId): the document workspace. This route's chunk is the only
 * one that holds the editor (Tiptap and ProseMirror): nothing else in the app imports it.
 */
export function NexDocsRoute() {
  const { documentId = "", threadId } = useParams();
  return (
    <RequireSignIn area="NexDocs">
      <DocumentScreen documentId={documentId} threadId={threadId} />
    </RequireSignIn>
  );
}
