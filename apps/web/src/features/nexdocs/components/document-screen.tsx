import { FileQuestion } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { useDocument } from "../api/get-document.ts";
import { DocumentWorkspace } from "./document-workspace.tsx";

/**
 * /app/nexdocs/:documentId(/:threadId): the document (loading, not found — someone else's alike —
 * or error), with the side chat's thread of the address.
 */
export function DocumentScreen({
  documentId,
  threadId,
}: {
  documentId: string;
  threadId?: string;
}) {
  const t = useT();
  const query = useDocument(documentId);
  if (query.isPending) {
    return (
      <div
        className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-10"
        data-testid="nexdocs-loading"
      >
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <EmptyState
            icon={FileQuestion}
            title={t("nexdocs.notFoundTitle")}
            description={t("nexdocs.notFoundText")}
            testId="nexdocs-not-found"
          >
            <Link
              to={paths.app.nexdocsList.href()}
              className={buttonClasses({ variant: "outline" })}
            >
              {t("nexdocs.back")}
            </Link>
          </EmptyState>
        ) : (
          <LoadError
            what={t("nexdocs.title")}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </div>
    );
  }
  return <DocumentWorkspace key={query.data.id} document={query.data} threadId={threadId} />;
}
