import { RefreshCw, WifiOff } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";

/** Shown when a page's code failed to load or did not arrive within the time limit. */
export function ChunkErrorView({ timedOut, onRetry }: { timedOut: boolean; onRetry: () => void }) {
  return (
    <div
      role="alert"
      data-testid="chunk-error"
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-6 py-12 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-2xl bg-warning-soft text-warning">
        <WifiOff className="size-6" aria-hidden="true" />
      </div>
      <h2 className="text-lg font-semibold">This page could not be loaded</h2>
      <p className="text-sm text-muted">
        {timedOut
          ? "Loading took too long. Check your connection, then try again."
          : "The page's code could not be downloaded. Check your connection, or the app may have been updated. Try again."}
      </p>
      <Button onClick={onRetry} className="mt-2">
        <RefreshCw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}
