import { FilePlus2, FileText, Trash2, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { LoadError, NoMatches } from "@/components/ui/load-error.tsx";
import { Page } from "@/components/ui/page.tsx";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { formatRelativeTime } from "@/lib/relative-time.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import { useCreateDocument } from "../api/create-document.ts";
import { useDeleteDocument } from "../api/delete-document.ts";
import { useImportDocument } from "../api/import-document.ts";
import { useDocuments } from "../api/list-documents.ts";

/** /app/nexdocs: the person's documents — search, new, import, open, delete. */
export function DocumentList() {
  const t = useT();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 250);
  const documents = useDocuments(q);
  const create = useCreateDocument();
  const importer = useImportDocument();
  const remove = useDeleteDocument();
  const fileInput = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<{ id: string; title: string } | null>(null);
  const failure = create.error ?? importer.error ?? remove.error;

  const newDocument = () =>
    create.mutate({}, { onSuccess: (doc) => void navigate(paths.app.nexdocs.href(doc.id)) });

  const actions = (
    <>
      <Button
        variant="outline"
        onClick={() => fileInput.current?.click()}
        disabled={importer.isPending}
      >
        <Upload className="size-4" aria-hidden="true" />
        {importer.isPending ? t("nexdocs.importing") : t("nexdocs.import")}
      </Button>
      <Button onClick={newDocument} disabled={create.isPending} data-testid="nexdocs-new">
        <FilePlus2 className="size-4" aria-hidden="true" />
        {t("nexdocs.new")}
      </Button>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".md,.markdown,.txt,.docx,.html,.htm,text/markdown,text/html,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        data-testid="nexdocs-import-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file)
            importer.mutate(file, {
              onSuccess: (doc) => void navigate(paths.app.nexdocs.href(doc.id)),
            });
        }}
      />
    </>
  );

  return (
    <Page title={t("nexdocs.title")} description={t("nexdocs.description")} actions={actions}>
      {failure ? (
        <Alert kind="error" className="mb-4">
          {errorMessage(failure)}
        </Alert>
      ) : null}
      <SearchInput
        label={t("nexdocs.searchLabel")}
        placeholder={t("nexdocs.searchPlaceholder")}
        value={search}
        onChange={setSearch}
        maxLength={200}
        busy={documents.isFetching}
        className="mb-4"
      />
      {documents.isPending ? (
        <div className="flex flex-col gap-2" data-testid="nexdocs-list-loading">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : documents.isError ? (
        <LoadError
          what={t("nexdocs.title")}
          error={documents.error}
          onRetry={() => void documents.refetch()}
        />
      ) : documents.data.documents.length === 0 ? (
        q ? (
          <NoMatches
            title={t("nexdocs.noMatches")}
            where={t("nexdocs.where")}
            query={q}
            onClear={() => setSearch("")}
          />
        ) : (
          <EmptyState
            icon={FileText}
            title={t("nexdocs.emptyTitle")}
            description={t("nexdocs.emptyText")}
            testId="nexdocs-empty"
          >
            <Button onClick={newDocument} disabled={create.isPending}>
              <FilePlus2 className="size-4" aria-hidden="true" />
              {t("nexdocs.new")}
            </Button>
          </EmptyState>
        )
      ) : (
        <ul className="flex flex-col gap-2" data-testid="nexdocs-list">
          {documents.data.documents.map((doc) => (
            <li
              key={doc.id}
              className="group flex items-center gap-2 rounded-xl border border-border bg-surface hover:border-accent/50"
            >
              <Link
                to={paths.app.nexdocs.href(doc.id)}
                className="flex min-w-0 flex-1 items-start gap-3 rounded-xl px-4 py-3 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <FileText className="mt-0.5 size-5 shrink-0 text-subtle" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">
                    {doc.title || t("nexdocs.untitled")}
                  </span>
                  {doc.excerpt ? (
                    <span className="block truncate text-sm text-muted">{doc.excerpt}</span>
                  ) : null}
                  <span className="block text-xs text-subtle">
                    {t("nexdocs.edited", { time: formatRelativeTime(doc.updatedAt) })}
                  </span>
                </span>
              </Link>
              <Button
                variant="ghost"
                size="icon"
                className="me-2 shrink-0"
                aria-label={t("nexdocs.deleteOf", { title: doc.title || t("nexdocs.untitled") })}
                onClick={() =>
                  setDeleting({ id: doc.id, title: doc.title || t("nexdocs.untitled") })
                }
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("nexdocs.deleteTitle")}
        description={t("nexdocs.deleteText", { title: deleting?.title ?? "" })}
        confirmLabel={t("nexdocs.delete")}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        testId="nexdocs-delete-dialog"
      />
    </Page>
  );
}
