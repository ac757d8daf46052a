import { useQueryClient } from "@tanstack/react-query";
import { Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { ExportMenu } from "@/components/export-menu.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { historyKeys } from "@/lib/query-keys.ts";
import { useSession } from "@/lib/session.tsx";
import { useDeleteThread } from "../api/delete-thread.ts";
import { useThreadTitle } from "../api/thread-title.ts";
import { threadsChanged } from "../lib/threads-changed.ts";
import { ThreadRenameForm } from "./thread-rename-form.tsx";

/** When an answer of the open thread ends, the sidebar's thread list is read again. */
function useRefreshWhenAnswered(busy: boolean) {
  const queryClient = useQueryClient();
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) {
      void queryClient.invalidateQueries({ queryKey: historyKeys.lists() });
      threadsChanged();
    }
    wasBusy.current = busy;
  }, [busy, queryClient]);
}

function DeleteThreadButton({ threadId, onDeleted }: { threadId: string; onDeleted: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const remove = useDeleteThread();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={remove.isPending}
        title={t("history.thread.deleteThis")}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        <span className="sr-only">{t("history.confirmLabel")}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("history.confirmTitle")}
        description={t("history.thread.confirmDescription")}
        confirmLabel={t("history.confirmLabel")}
        testId="delete-thread-dialog"
        onConfirm={() =>
          remove.mutate(threadId, {
            onSuccess: () => {
              notify("success", t("history.deleted"));
              onDeleted();
            },
            onError: (error) => {
              if (error instanceof ApiError && error.status === 404) return onDeleted();
              notify("error", t("history.thread.notDeleted", { message: errorMessage(error) }));
            },
          })
        }
      />
    </>
  );
}

/**
 * The bar above a thread: its title (the one its owner gave it, else the first question), Rename,
 * Export (Markdown, PDF, Word) and Delete for a signed-in owner, and the thread's Share (a slot:
 * the shares feature fills it).
 */
export function ThreadHeader({
  threadId,
  firstQuery,
  busy,
  saved,
  onDeleted,
  share,
}: {
  threadId: string;
  firstQuery: string;
  busy: boolean;
  saved: boolean;
  onDeleted: () => void;
  share: ReactNode;
}) {
  const t = useT();
  const signedIn = useSession().status === "signed-in";
  const [renaming, setRenaming] = useState(false);
  useRefreshWhenAnswered(busy);
  // Asked only once the server has an answer of the thread (before, it has no such thread).
  const stored = useThreadTitle(threadId, signedIn && saved);
  const title = stored.data?.title ?? firstQuery;
  const owned = signedIn && saved;

  return (
    <ThreadHeaderBar>
      {renaming && owned ? (
        <ThreadRenameForm threadId={threadId} title={title} onDone={() => setRenaming(false)} />
      ) : (
        <>
          <ThreadTitle title={title} />
          <div className="flex shrink-0 items-center gap-0.5">
            {owned ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setRenaming(true)}
                disabled={busy}
                title={t("history.thread.renameThis")}
              >
                <Pencil className="size-4" aria-hidden="true" />
                <span className="sr-only">{t("history.renameThread")}</span>
              </Button>
            ) : null}
            {saved ? share : null}
            {owned ? <ExportMenu threadId={threadId} title={title} /> : null}
            {owned ? <DeleteThreadButton threadId={threadId} onDeleted={onDeleted} /> : null}
          </div>
        </>
      )}
    </ThreadHeaderBar>
  );
}

/** The bar above a thread's turns (also in the answer page's first view, with its title only). */
export function ThreadHeaderBar({ children }: { children: ReactNode }) {
  return (
    <div
      data-testid="thread-header"
      className="mb-6 flex min-h-9 items-center gap-2 border-b border-border pb-3"
    >
      {children}
    </div>
  );
}

export function ThreadTitle({ title }: { title: string }) {
  return (
    <p
      data-testid="thread-title"
      title={title}
      className="min-w-0 flex-1 truncate text-sm font-medium text-muted"
    >
      {/* Isolated: a title in another direction than the page's keeps its own order. */}
      <bdi>{title}</bdi>
    </p>
  );
}
