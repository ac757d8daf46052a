import { clsx } from "clsx";
import { Upload } from "lucide-react";
import { type DragEvent, useRef, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { t } from "@/lib/i18n/i18n.ts";
import { formatBytes } from "../lib/format-bytes.ts";

/** Drop files here or choose them (several at once). */
export function DropZone({
  onFiles,
  maxBytes,
}: {
  onFiles: (files: File[]) => void;
  maxBytes: number | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };
  return (
    <section
      aria-label={t("files.add")}
      data-testid="files-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={clsx(
        "flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-6 py-8 text-center transition-colors",
        over ? "border-accent bg-accent-soft" : "border-border bg-surface",
      )}
    >
      <Upload className="size-6 text-muted" aria-hidden="true" />
      <div>
        <p className="font-medium">{t("files.drop")}</p>
        <p className="mt-1 text-sm text-muted">
          {maxBytes ? t("files.kindsUpTo", { size: formatBytes(maxBytes) }) : t("files.kinds")}
        </p>
      </div>
      <Button variant="outline" onClick={() => input.current?.click()}>
        {t("files.choose")}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="files-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
    </section>
  );
}
