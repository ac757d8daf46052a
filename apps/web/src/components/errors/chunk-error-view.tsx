import { RefreshCw, WifiOff } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** Shown when a page's code failed to load or did not arrive within the time limit. */
export function ChunkErrorView({ timedOut, onRetry }: { timedOut: boolean; onRetry: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      data-testid="chunk-error"
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-6 py-12 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-2xl bg-warning-soft text-warning">
        <WifiOff className="size-6" aria-hidden="true" />
      </div>
      <h2 className="text-lg font-semibold">{t("errorPage.notLoaded")}</h2>
      <p className="text-sm text-muted">
        {timedOut ? t("errorPage.tooSlow") : t("errorPage.codeNotDownloaded")}
      </p>
      <Button onClick={onRetry} className="mt-2">
        <RefreshCw className="size-4" aria-hidden="true" />
        {t("common.retry")}
      </Button>
    </div>
  );
}
