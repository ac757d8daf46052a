import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useSession } from "@/lib/session.tsx";
import { useDeleteEntry } from "../api/delete-entry.ts";

/** Deletes one saved answer (signed in only: anonymous answers are not kept by the server). */
export function DeleteAnswerButton({
  threadId,
  entryId,
  onDeleted,
}: {
  threadId: string;
  entryId: string;
  onDeleted: () => void;
}) {
  const t = useT();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const remove = useDeleteEntry();
  if (session.status !== "signed-in") return null;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={remove.isPending}
        title={t("history.answer.deleteThis")}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        <span className="sr-only">{t("history.answer.delete")}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("history.answer.confirmTitle")}
        description={t("history.answer.confirmDescription")}
        confirmLabel={t("history.answer.delete")}
        testId="delete-answer-dialog"
        onConfirm={() =>
          remove.mutate(
            { entryId, threadId },
            {
              onSuccess: () => {
                notify("success", t("history.answer.deleted"));
                onDeleted();
              },
              onError: (error) => {
                // Already gone: take it off the page all the same.
                if (error instanceof ApiError && error.status === 404) return onDeleted();
                notify("error", t("history.answer.notDeleted", { message: errorMessage(error) }));
              },
            },
          )
        }
      />
    </>
  );
}
