import clsx from "clsx";
import { MessageSquareOff, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";

/** A saved thread that is not ready to draw (use-thread.ts SavedThread, without "ready"). */
export type ThreadLoadProblem =
  | { state: "loading" }
  | { state: "missing" }
  | { state: "failed"; error: unknown; retry: () => void };

/**
 * The one loading, not-found and error state of every thread (answers, agent chats, document
 * chats): a skeleton of a turn while it loads (or the caller's own, `loading`), "not available"
 * with the way to a new one, or the failure with Retry. `newHref`/`newLabel`: where a new thread of
 * the kind starts. `anonymous`: the visitor is not signed in (their threads stay in their tab).
 */
export function ThreadLoadState({
  state,
  newHref,
  newLabel,
  anonymous = false,
  loading,
  className,
}: {
  /** A ready thread draws nothing here (its screen draws it). */
  state: ThreadLoadProblem | { state: "ready" };
  newHref: string;
  newLabel?: string;
  anonymous?: boolean;
  loading?: ReactNode;
  className?: string;
}) {
  const t = useT();
  if (state.state === "ready") return null;
  if (state.state === "loading")
    return (
      loading ?? (
        <div className={clsx("flex flex-col gap-6", className)} data-testid="thread-loading">
          <span className="sr-only" role="status">
            {t("threadState.loading")}
          </span>
          <Skeleton className="ml-auto h-10 w-2/3 rounded-2xl" />
          <div className="flex flex-col gap-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        </div>
      )
    );
  if (state.state === "missing")
    return (
      <div
        data-testid="thread-unavailable"
        className={clsx(
          "mx-auto flex w-full max-w-xl flex-col items-center gap-4 rounded-2xl border border-dashed border-border bg-surface px-4 py-10 text-center sm:px-8",
          className,
        )}
      >
        <title>{`${t("threadState.missingTitle")} · Nexus`}</title>
        <span className="flex size-12 items-center justify-center rounded-2xl bg-surface-2 text-muted">
          <MessageSquareOff className="size-6" aria-hidden="true" />
        </span>
        <h2 className="text-xl font-semibold tracking-tight text-balance">
          {t("threadState.missingTitle")}
        </h2>
        <p className="max-w-md text-sm break-words text-muted">
          {t("threadState.missingText")}
          {anonymous ? ` ${t("threadState.missingAnonymous")}` : null}
        </p>
        <Link to={newHref} className={buttonClasses()}>
          {newLabel ?? t("threadState.startNew")}
        </Link>
      </div>
    );
  return (
    <div data-testid="thread-load-failed" className={className}>
      <Alert
        kind="error"
        className="flex-wrap"
        action={
          <Button variant="outline" size="sm" onClick={state.retry}>
            <RefreshCw className="size-3.5" aria-hidden="true" />
            {t("common.retry")}
          </Button>
        }
      >
        {t("threadState.failed")} {errorMessage(state.error)}
      </Alert>
    </div>
  );
}
