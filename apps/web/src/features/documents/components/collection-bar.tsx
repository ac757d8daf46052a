import { type CollectionFile, MAX_COLLECTION_FILES } from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { FileText, Loader2, Plus, Upload, X } from "lucide-react";
import { useRef, useState } from "react";
import { useAttachClient } from "@/components/chat/attach/attach-client.ts";
import { PickFilesDialog } from "@/components/chat/attach/pick-files-dialog.tsx";
import { buttonClasses } from "@/components/ui/button.tsx";
import { useMenuButton } from "@/components/ui/use-menu-button.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { filesKeys } from "@/lib/query-keys.ts";
import { useCollectionChange } from "../api/collections.ts";

const reading = (file: CollectionFile) => file.status !== "ready" && file.status !== "failed";

/**
 * The files of a document chat (issue 41, collections), above the viewer and the chat: one chip
 * per file (a click shows it in the viewer, so with several files it is the file switcher), × to
 * take an added file out of the chat (the file stays in the person's files), and "Add files":
 * from their files (the shared picker) or uploaded in place. At most MAX_COLLECTION_FILES.
 */
export function CollectionBar({
  documentId,
  threadId,
  files,
  shownId,
  onShow,
}: {
  documentId: string;
  threadId: string;
  files: readonly CollectionFile[];
  shownId: string;
  onShow: (fileId: string) => void;
}) {
  const t = useT();
  const client = useAttachClient();
  const queryClient = useQueryClient();
  const change = useCollectionChange(documentId, threadId);
  const menu = useMenuButton();
  const [picking, setPicking] = useState(false);
  const [uploading, setUploading] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const room = MAX_COLLECTION_FILES - files.length - uploading.length;

  const add = (ids: string[]) => {
    setError(null);
    change.mutate(
      { add: ids },
      { onError: (e) => setError(t("docCollections.addFailed", { message: errorMessage(e) })) },
    );
  };
  const remove = (file: CollectionFile) => {
    setError(null);
    if (shownId === file.id) onShow(documentId);
    change.mutate(
      { remove: file.id },
      { onError: (e) => setError(t("docCollections.removeFailed", { message: errorMessage(e) })) },
    );
  };
  const upload = (chosen: File[]) => {
    if (!client) return;
    setError(null);
    const taken = chosen.slice(0, Math.max(0, room));
    if (taken.length < chosen.length)
      setError(t("docCollections.full", { max: MAX_COLLECTION_FILES }));
    for (const file of taken) {
      setUploading((all) => [...all, file.name]);
      client
        .upload(file, { onProgress: () => {}, signal: new AbortController().signal })
        .then((uploaded) => {
          if (uploaded.alreadyInFiles) client.alreadyInFiles?.(uploaded.name);
          add([uploaded.id]);
          void queryClient.invalidateQueries({ queryKey: filesKeys.all });
        })
        .catch((e: unknown) =>
          setError(t("docCollections.addFailed", { message: errorMessage(e) })),
        )
        .finally(() => setUploading((all) => all.filter((name) => name !== file.name)));
    }
  };

  return (
    <section
      aria-label={t("docCollections.files")}
      data-testid="collection-bar"
      className="flex min-w-0 flex-wrap items-center gap-1.5 border-b border-border bg-surface px-4 py-1.5"
    >
      <ul className="flex min-w-0 items-center gap-1.5 max-sm:flex-1 max-sm:overflow-x-auto max-sm:py-0.5 sm:flex-wrap">
        {files.map((file) => {
          const shown = file.id === shownId;
          return (
            <li
              key={file.id}
              data-testid="collection-file"
              data-file-id={file.id}
              className={clsx(
                "flex max-w-[16rem] min-w-0 shrink-0 items-center rounded-full border text-xs",
                shown
                  ? "border-accent bg-accent-soft text-accent-soft-fg"
                  : "border-border text-fg",
              )}
            >
              <button
                type="button"
                aria-pressed={shown}
                title={file.name}
                onClick={() => onShow(file.id)}
                className="flex min-h-8 min-w-0 items-center gap-1.5 rounded-full py-1 ps-2.5 pe-2 focus-visible:outline-2 focus-visible:outline-ring"
              >
                {reading(file) ? (
                  <Loader2 className="size-3.5 shrink-0 animate-spin" aria-hidden="true" />
                ) : (
                  <FileText className="size-3.5 shrink-0" aria-hidden="true" />
                )}
                <span className="truncate">{file.name}</span>
                {reading(file) ? (
                  <span className="sr-only">{t("docCollections.reading")}</span>
                ) : null}
              </button>
              {file.primary ? null : (
                <button
                  type="button"
                  aria-label={t("docCollections.remove", { name: file.name })}
                  title={t("docCollections.remove", { name: file.name })}
                  data-testid="collection-remove"
                  disabled={change.isPending}
                  onClick={() => remove(file)}
                  className="me-1 flex size-6 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              )}
            </li>
          );
        })}
        {uploading.map((name) => (
          <li
            key={`uploading-${name}`}
            className="flex max-w-[16rem] shrink-0 items-center gap-1.5 rounded-full border border-dashed border-border px-2.5 py-1 text-xs text-muted"
          >
            <Loader2 className="size-3.5 shrink-0 animate-spin" aria-hidden="true" />
            <span className="truncate">{t("docCollections.uploading", { name })}</span>
          </li>
        ))}
      </ul>
      {client ? (
        <div className="relative">
          <button
            {...menu.triggerProps}
            ref={(node) => {
              menu.triggerProps.ref.current = node;
              addButton.current = node;
            }}
            type="button"
            data-testid="collection-add"
            disabled={room <= 0}
            title={room <= 0 ? t("docCollections.full", { max: MAX_COLLECTION_FILES }) : undefined}
            onClick={() => menu.setOpen((was) => !was)}
            className={buttonClasses({ variant: "ghost", size: "sm" })}
          >
            <Plus className="size-4" aria-hidden="true" />
            <span className="max-sm:sr-only">{t("docCollections.add")}</span>
          </button>
          {menu.open ? (
            <div
              {...menu.menuProps}
              role="menu"
              aria-label={t("docCollections.add")}
              className="absolute end-0 z-30 mt-1 min-w-52 sm:start-0 sm:end-auto rounded-xl border border-border bg-surface p-1 shadow-lg"
            >
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                data-testid="collection-pick"
                onClick={() => {
                  menu.close(false);
                  setPicking(true);
                }}
                className="flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-start text-sm text-fg hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none sm:py-2"
              >
                <FileText className="size-4" aria-hidden="true" />
                {t("docCollections.choose")}
              </button>
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                data-testid="collection-upload"
                onClick={() => {
                  menu.close(true);
                  input.current?.click();
                }}
                className="flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-start text-sm text-fg hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none sm:py-2"
              >
                <Upload className="size-4" aria-hidden="true" />
                {t("docCollections.upload")}
              </button>
            </div>
          ) : null}
          <input
            ref={input}
            type="file"
            multiple
            hidden
            data-testid="collection-upload-input"
            onChange={(event) => {
              const chosen = [...(event.target.files ?? [])];
              event.target.value = "";
              if (chosen.length > 0) upload(chosen);
            }}
          />
          <PickFilesDialog
            open={picking}
            onOpenChange={setPicking}
            room={Math.max(0, room)}
            attachedIds={files.map((f) => f.id)}
            onPick={(picked) => add(picked.map((f) => f.id))}
            onUpload={() => input.current?.click()}
            returnFocusRef={addButton}
            description={t("documents.pickDescription")}
            roomNote={(left) =>
              left === 0
                ? t("docCollections.full", { max: MAX_COLLECTION_FILES })
                : t("documents.pickRoom", { count: left })
            }
          />
        </div>
      ) : null}
      {change.isPending ? (
        <span className="sr-only" role="status">
          {t("docCollections.saving")}
        </span>
      ) : null}
      {error ? (
        <p role="alert" className="w-full text-xs text-danger" data-testid="collection-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
