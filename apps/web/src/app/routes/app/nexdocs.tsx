import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { DocumentPlaceholder } from "@/features/documents/components/document-placeholder.tsx";

/** /app/nexdocs/:documentId(/:threadId): the document workspace. */
export function NexDocsRoute() {
  return (
    <RequireSignIn area="NexDocs">
      <DocumentPlaceholder
        title="NexDocs"
        description="A workspace to read, annotate and write with your documents."
        upcoming={["Read and write side by side", "Ask Nexus about any selection"]}
      />
    </RequireSignIn>
  );
}
