import { EXPORT_FORMAT_LABELS, EXPORT_FORMATS } from "@nexus/contracts";
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

/** A format the menu offers: its `format=` value and its label. */
export interface ExportChoice {
  format: string;
  label: string;
}

const THREAD_FORMATS: readonly ExportChoice[] = EXPORT_FORMATS.map((format) => ({
  format,
  label: EXPORT_FORMAT_LABELS[format],
}));

/**
 * "Export" → Markdown / PDF / Word for one thread of any kind (GET /api/threads/:id/export), then
 * "Open in NexDocs" (the thread as a document, with its citations); or the formats of another
 * export (`path`: an extraction's table). A menu button (arrow keys move, Escape closes), a
 * spinner while the file is made and downloaded, an error toast when it fails. `compact`: the
 * icon alone (a history row's).
 */
export function ExportMenu({
  title,
  compact = false,
  testId = "export-menu",
  formats = THREAD_FORMATS,
  ...of
}: ({ threadId: string } | { path: string }) & {
  /** What the thread is called (the compact button's accessible name). */
  title?: string;
  compact?: boolean;
  testId?: string;
  formats?: readonly ExportChoice[];
}) {
  const path = "path" in of ? of.path : `/threads/${encodeURIComponent(of.threadId)}/export`;
  const [busy, setBusy] = useState<ExportChoice | null>(null);
  const menu = useMenuButton();
  const { open, close } = menu;
  const t = useT();
  const inNexdocs = useOpenInNexdocs();

  const download = async (choice: ExportChoice) => {
    close();
    setBusy(choice);
    try {
      await downloadApiFile(`${path}?format=${choice.format}`, `export.${choice.format}`);
    } catch (error) {
      notify("error", `${t("export.failed")} ${errorMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };

  const label = busy ? t("export.busy", { format: busy.label }) : t("export.menu");
  return (
    <div className="relative shrink-0" data-testid={testId}>
      <button
        {...menu.triggerProps}
        type="button"
        aria-busy={busy !== null}
        aria-label={
          compact ? t("export.menuOf", { title: title ?? t("shares.thread") }) : undefined
        }
        title={compact ? t("export.menu") : undefined}
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
          aria-label={t("export.menu")}
          className={clsx(
            "absolute end-0 z-30 mt-1 min-w-40 rounded-xl border border-border bg-surface p-1 shadow-lg",
          )}
        >
          {formats.map((choice) => (
            <button
              key={choice.format}
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-testid={`export-${choice.format}`}
              onClick={() => void download(choice)}
              className="flex w-full items-center rounded-lg px-3 py-2.5 text-left text-sm text-fg hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none sm:py-2"
            >
              {choice.label}
            </button>
          ))}
          {"threadId" in of ? (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              data-testid="export-open-in-nexdocs"
              disabled={inNexdocs.isPending}
              onClick={() => {
                close();
                inNexdocs.mutate({ threadId: of.threadId });
              }}
              className="flex w-full items-center gap-2 rounded-lg border-t border-border px-3 py-2.5 text-left text-sm text-fg hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none disabled:opacity-60 sm:py-2"
            >
              <FilePen className="size-4" aria-hidden="true" />
              {t("nexdocsApp.open")}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
