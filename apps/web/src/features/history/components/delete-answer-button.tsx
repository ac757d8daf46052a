import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
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
        title="Delete this answer"
      >
        <Trash2 className="size-4" aria-hidden="true" />
        <span className="sr-only">Delete answer</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this answer?"
        description="The question and its answer leave your history, your library and any link shared of them. This cannot be undone."
        confirmLabel="Delete answer"
        testId="delete-answer-dialog"
        onConfirm={() =>
          remove.mutate(
            { entryId, threadId },
            {
              onSuccess: () => {
                notify("success", "Answer deleted.");
                onDeleted();
              },
              onError: (error) => {
                // Already gone: take it off the page all the same.
                if (error instanceof ApiError && error.status === 404) return onDeleted();
                notify("error", `The answer was not deleted. ${errorMessage(error)}`);
              },
            },
          )
        }
      />
    </>
  );
}
