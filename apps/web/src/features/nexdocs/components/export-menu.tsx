import type { NexdocsExportFormat } from "@nexus/contracts";
import { Download } from "lucide-react";
import { useRef, useState } from "react";
import { buttonClasses } from "@/components/ui/button.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { downloadApiFile } from "@/lib/download-file.ts";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";

const FORMATS: Array<[NexdocsExportFormat, MessageId]> = [
  ["md", "nexdocs.exportMd"],
  ["docx", "nexdocs.exportDocx"],
  ["pdf", "nexdocs.exportPdf"],
];

/** Export as Markdown, Word or PDF (what is pending is saved first). */
export function ExportMenu({
  documentId,
  title,
  beforeExport,
  onError,
}: {
  documentId: string;
  title: string;
  beforeExport: () => Promise<void>;
  onError: (message: string) => void;
}) {
  const t = useT();
  const menu = useRef<HTMLDetailsElement>(null);
  const [busy, setBusy] = useState(false);
  const run = async (format: NexdocsExportFormat) => {
    if (menu.current) menu.current.open = false;
    setBusy(true);
    try {
      await beforeExport();
      await downloadApiFile(
        `/nexdocs/${encodeURIComponent(documentId)}/export?format=${format}`,
        `${title || "document"}.${format}`,
      );
    } catch (cause) {
      onError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <details ref={menu} className="relative" data-testid="nexdocs-export">
      <summary
        aria-busy={busy}
        className={buttonClasses({
          variant: "outline",
          size: "sm",
          className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        })}
      >
        <Download className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">{t("nexdocs.export")}</span>
        <span className="sr-only sm:hidden">{t("nexdocs.export")}</span>
      </summary>
      <div className="absolute end-0 z-30 mt-1 flex w-48 flex-col rounded-xl border border-border bg-surface p-1 shadow-lg">
        {FORMATS.map(([format, label]) => (
          <button
            key={format}
            type="button"
            onClick={() => void run(format)}
            className="rounded-lg px-3 py-2 text-start text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
          >
            {t(label)}
          </button>
        ))}
      </div>
    </details>
  );
}
