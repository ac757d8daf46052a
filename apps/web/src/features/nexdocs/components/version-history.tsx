import { History } from "lucide-react";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Sheet } from "@/components/ui/sheet.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { formatDateTime } from "@/lib/format.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { useVersions } from "../api/versions.ts";

/** The kept versions, newest first; restoring one makes it the current version (a new one). */
export function VersionHistory({
  documentId,
  currentRevision,
  onRestore,
}: {
  documentId: string;
  currentRevision: number;
  onRestore: (revision: number) => Promise<void>;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const versions = useVersions(documentId, open);
  const restore = async (revision: number) => {
    setBusy(revision);
    setFailed(null);
    try {
      await onRestore(revision);
      setOpen(false);
    } catch (cause) {
      setFailed(errorMessage(cause));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={buttonClasses({ size: "sm", variant: "outline" })}
        onClick={() => {
          setOpen(true);
          void versions.refetch();
        }}
        data-testid="nexdocs-history-open"
      >
        <History className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">{t("nexdocs.history")}</span>
        <span className="sr-only sm:hidden">{t("nexdocs.history")}</span>
      </button>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        side="right"
        title={t("nexdocs.history")}
        testId="nexdocs-history"
        returnFocusRef={trigger}
      >
        {failed ? <Alert kind="error">{failed}</Alert> : null}
        {versions.isPending ? (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : versions.isError ? (
          <LoadError
            what={t("nexdocs.history")}
            error={versions.error}
            onRetry={() => void versions.refetch()}
          />
        ) : (
          <ul className="flex flex-col gap-2">
            {versions.data.versions.map((v) => (
              <li
                key={v.revision}
                className="flex items-center justify-between gap-3 rounded-lg border border-border px-3 py-2"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-medium">
                    {t("nexdocs.versionLabel", { revision: v.revision })}
                  </p>
                  <p className="truncate text-muted">{formatDateTime(v.createdAt)}</p>
                </div>
                {v.revision === currentRevision ? (
                  <span className="text-xs text-subtle">{t("nexdocs.current")}</span>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy !== null}
                    onClick={() => void restore(v.revision)}
                  >
                    {busy === v.revision ? t("nexdocs.restoring") : t("nexdocs.restore")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Sheet>
    </>
  );
}
