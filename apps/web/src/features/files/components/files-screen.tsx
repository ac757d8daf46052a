import { FILE_SEARCH_MAX, type FileListItem, MESSAGES } from "@nexus/contracts";
import { Files } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { LoadError, NoMatches } from "@/components/ui/load-error.tsx";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import { useDeleteFile } from "../api/delete-file.ts";
import { useFiles } from "../api/get-files.ts";
import { useUploads } from "../hooks/use-uploads.ts";
import { DropZone } from "./drop-zone.tsx";
import { FileRow } from "./file-row.tsx";
import { RenameDialog } from "./rename-dialog.tsx";
import { StorageSummary } from "./storage-summary.tsx";
import { UploadList } from "./upload-list.tsx";

const SEARCH_DEBOUNCE_MS = 300;

/** /app/files: add files (drop or choose), follow them to ready, search, rename, download, delete. */
export function FilesScreen() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const files = useFiles(q);
  const { uploads, start, dismiss } = useUploads();
  const removal = useDeleteFile();
  const [renaming, setRenaming] = useState<FileListItem | null>(null);
  const [deleting, setDeleting] = useState<FileListItem | null>(null);
  const fetchedAt = files.dataUpdatedAt;
  const now = useMemo(() => (fetchedAt ? new Date(fetchedAt) : new Date()), [fetchedAt]);
  const list = files.data?.files ?? [];

  const remove = (file: FileListItem) =>
    removal.mutate(
      { fileId: file.id },
      {
        onSuccess: () => notify("success", t("files.deleted", { name: file.name })),
        onError: (error) => notify("error", `${t("files.notDeleted")} ${errorMessage(error)}`),
      },
    );

  let body: ReactNode;
  if (files.isPending) {
    body = (
      <div data-testid="files-loading" className="flex flex-col gap-3">
        <span role="status" className="sr-only">
          {MESSAGES.loading}
        </span>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-16 w-full rounded-xl" />
        ))}
      </div>
    );
  } else if (files.isError && list.length === 0) {
    body = (
      <LoadError what={t("files.yours")} error={files.error} onRetry={() => void files.refetch()} />
    );
  } else if (list.length === 0) {
    body =
      q === "" ? (
        <EmptyState
          icon={Files}
          title={t("files.emptyTitle")}
          description={t("files.emptyText")}
          testId="files-empty"
        />
      ) : (
        <NoMatches
          title={t("files.noMatches")}
          where={t("files.yoursLower")}
          query={q}
          onClear={() => setSearch("")}
          testId="files-no-results"
        />
      );
  } else {
    body = (
      <ul className="flex flex-col gap-2" data-testid="files-list">
        {list.map((file) => (
          <FileRow
            key={file.id}
            file={file}
            now={now}
            onRename={setRenaming}
            onDelete={setDeleting}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {files.data ? <StorageSummary data={files.data} /> : null}
      <DropZone onFiles={start} maxBytes={files.data?.maxBytes ?? null} />
      <UploadList uploads={uploads} onDismiss={dismiss} />
      <SearchInput
        label={t("files.search")}
        placeholder={t("files.searchPlaceholder")}
        value={search}
        onChange={setSearch}
        maxLength={FILE_SEARCH_MAX}
        busy={files.isFetching}
        className="max-w-xl"
      />
      {body}
      <RenameDialog file={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t("files.deleteTitle")}
        description={t("files.deleteText", { name: deleting?.name ?? t("files.theFile") })}
        confirmLabel={t("files.delete")}
        onConfirm={() => {
          if (deleting) remove(deleting);
        }}
        testId="files-delete-dialog"
      />
    </div>
  );
}
