import { clsx } from "clsx";
import { useT } from "@/lib/i18n/i18n.ts";
import type { SaveStatus } from "../hooks/use-autosave.ts";

/** "Saved · version 4", "Saving…", "Unsaved changes", or why the last save failed. */
export function SaveState({
  status,
  revision,
  error,
}: {
  status: SaveStatus;
  revision: number;
  error: string | null;
}) {
  const t = useT();
  const text =
    status === "saved"
      ? t("nexdocs.status.saved", { revision })
      : status === "saving"
        ? t("nexdocs.status.saving")
        : status === "unsaved"
          ? t("nexdocs.status.unsaved")
          : status === "conflict"
            ? t("nexdocs.status.conflict")
            : t("nexdocs.status.error", { message: error ?? "" });
  return (
    <span
      role="status"
      data-testid="nexdocs-save-state"
      data-status={status}
      data-revision={revision}
      className={clsx(
        // A line of its own under the title on a phone; beside the buttons from `sm` up.
        "order-last w-full truncate px-11 text-xs sm:order-none sm:w-auto sm:max-w-60 sm:px-0",
        status === "error" || status === "conflict" ? "text-danger" : "text-subtle",
      )}
      title={text}
    >
      {text}
    </span>
  );
}
