import { THREADS_DELETE_MAX } from "@nexus/contracts";
import { Trash2, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/**
 * Above the history list: a box that picks every listed thread (up to the delete limit; mixed
 * when some are picked) and, once threads are picked, how many, Clear and Delete selected.
 */
export function SelectionBar({
  count,
  all,
  onToggleAll,
  onClear,
  onDelete,
  deleting,
}: {
  count: number;
  all: boolean | "mixed";
  onToggleAll: () => void;
  onClear: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const t = useT();
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = all === "mixed";
  }, [all]);
  return (
    <div
      className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-2 px-3 sm:px-4"
      data-testid="history-selection-bar"
    >
      <label className="flex items-center gap-3 text-sm text-muted">
        <input
          ref={box}
          type="checkbox"
          checked={all === true}
          onChange={onToggleAll}
          className="size-4 accent-accent"
          data-testid="history-select-all"
        />
        {count > 0 ? (
          <span aria-live="polite" data-testid="history-selected-count">
            {t("history.selected", { count })}
            {count >= THREADS_DELETE_MAX
              ? t("history.selectedMax", { max: THREADS_DELETE_MAX })
              : ""}
          </span>
        ) : (
          <span>{t("history.selectAll")}</span>
        )}
      </label>
      {count > 0 ? (
        <div className="ms-auto flex items-center gap-2">
          <Button size="sm" variant="ghost" onClick={onClear} disabled={deleting}>
            <X className="size-4" aria-hidden="true" />
            {t("history.clear")}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={onDelete}
            disabled={deleting}
            data-testid="history-delete-selected"
          >
            {deleting ? (
              <Spinner className="size-4" />
            ) : (
              <Trash2 className="size-4" aria-hidden="true" />
            )}
            {t("history.deleteSelected")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
