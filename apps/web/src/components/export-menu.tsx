import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  EXPORT_LABELS,
  type ExportFormat,
} from "@nexus/contracts";
import { clsx } from "clsx";
import { Download, FilePen } from "lucide-react";
import { useState } from "react";
import { buttonClasses } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { useMenuButton } from "@/components/ui/use-menu-button.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { downloadApiFile } from "@/lib/download-file.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useOpenInNexdocs } from "./open-in-nexdocs.tsx";

/**
 * "Export" → Markdown / PDF / Word for one thread of any kind (GET /api/threads/:id/export): a
 * menu button (arrow keys move, Escape closes), a spinner while the file is made and downloaded,
 * an error toast when it fails; then "Open in NexDocs" (the thread as a document, with its
 * citations). `compact`: the icon alone (a history row's).
 */
export function ExportMenu({
  threadId,
  title,
  compact = false,
  testId = "export-menu",
}: {
  threadId: string;
  /** What the thread is called (the compact button's accessible name). */
  title?: string;
  compact?: boolean;
  testId?: string;
}) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const menu = useMenuButton();
  const { open, close } = menu;
  const t = useT();
  const inNexdocs = useOpenInNexdocs();

  const download = async (format: ExportFormat) => {
    close();
    setBusy(format);
    try {
      await downloadApiFile(
        `/threads/${encodeURIComponent(threadId)}/export?format=${format}`,
        `thread.${format}`,
      );
    } catch (error) {
      notify("error", `${EXPORT_LABELS.failed} ${errorMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const label = busy ? `Exporting ${EXPORT_FORMAT_LABELS[busy]}…` : EXPORT_LABELS.menu;
  return (
    <div className="relative shrink-0" data-testid={testId}>
      <button
        {...menu.triggerProps}
        type="button"
        aria-busy={busy !== null}
        aria-label={compact ? `${EXPORT_LABELS.menu}: ${title ?? "thread"}` : undefined}
        title={compact ? EXPORT_LABELS.menu : undefined}
        onClick={() => {
          // Busy: the button keeps its focus (not disabled) but opens nothing until it is done.
          if (busy === null) menu.setOpen((was) => !was);
        }}
        className={
          compact
            ? "relative z-10 rounded-lg p-2 text-subtle transition-colors hover:bg-surface-2 hover:text-fg aria-busy:opacity-60"
            : buttonClasses({ variant: "ghost", size: "sm" })
        }
      >
        {busy ? <Spinner className="size-4" /> : <Download className="size-4" aria-hidden="true" />}
        {compact ? null : <span className="max-sm:sr-only">{label}</span>}
        {busy ? (
          <span className="sr-only" role="status">
            {label}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          {...menu.menuProps}
          role="menu"
          aria-label={EXPORT_LABELS.menu}
          className={clsx(
            "absolute right-0 z-30 mt-1 min-w-40 rounded-xl border border-border bg-surface p-1 shadow-lg",
          )}
        >
          {EXPORT_FORMATS.map((format) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-testid={`export-${format}`}
              onClick={() => void download(format)}
              className="flex w-full items-center rounded-lg px-3 py-2.5 text-left text-sm text-fg hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none sm:py-2"
            >
              {EXPORT_FORMAT_LABELS[format]}
            </button>
          ))}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            data-testid="export-open-in-nexdocs"
            disabled={inNexdocs.isPending}
            onClick={() => {
              close();
              inNexdocs.mutate({ threadId });
            }}
            className="flex w-full items-center gap-2 rounded-lg border-t border-border px-3 py-2.5 text-left text-sm text-fg hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none disabled:opacity-60 sm:py-2"
          >
            <FilePen className="size-4" aria-hidden="true" />
            {t("nexdocsApp.open")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
