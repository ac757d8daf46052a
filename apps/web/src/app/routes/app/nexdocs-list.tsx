import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { DocumentList } from "@/features/nexdocs/components/document-list.tsx";

/** /app/nexdocs: the person's documents (no editor code here: it loads with a document). */
export function NexDocsListRoute() {
  return (
    <RequireSignIn area="NexDocs">
      <DocumentList />
    </RequireSignIn>
  );
}
