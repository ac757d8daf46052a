import { MessageSquareOff } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { AnswerSkeleton, Skeleton } from "@/components/ui/skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";

/** The thread is loading (or a new one is starting). */
export function ThreadSkeleton({ query }: { query?: string }) {
  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 lg:py-10"
      data-testid="thread-skeleton"
    >
      <span role="status" className="sr-only">
        Loading…
      </span>
      {query ? (
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{query}</h1>
      ) : (
        <Skeleton className="h-8 w-2/3" />
      )}
      <AnswerSkeleton />
    </div>
  );
}

/** Not found, someone else's thread, or an anonymous visitor's thread from another tab. */
export function ThreadUnavailable({ anonymous }: { anonymous: boolean }) {
  return (
    <div
      data-testid="thread-unavailable"
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center sm:px-6"
    >
      <title>Thread not available · Nexus</title>
      <MessageSquareOff className="size-10 text-subtle" aria-hidden="true" />
      <h1 className="text-2xl font-semibold tracking-tight">This thread isn't available</h1>
      <p className="text-muted">
        It may have been deleted, or it belongs to another account.
        {anonymous
          ? " Threads you ask without signing in stay in their browser tab only; signing in keeps your history."
          : null}
      </p>
      <Link to={paths.app.root.href()} className={buttonClasses()}>
        Start a new search
      </Link>
    </div>
  );
}

/** The thread could not be loaded (server or network trouble). */
export function ThreadLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
      <title>Thread · Nexus</title>
      <Alert
        kind="error"
        action={
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {errorMessage(error, "The thread could not be loaded.")}
      </Alert>
    </div>
  );
}
