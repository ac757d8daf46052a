import type { ImportThreadRequest } from "@nexus/contracts";
import { CircleCheck, History, X } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { useSession } from "@/lib/session.tsx";
import { useImportThread } from "../api/import-thread.ts";
import {
  readSessionThreadForImport,
  rememberImportAsked,
  wasImportAsked,
} from "../lib/session-thread-import.ts";

function Card({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <section
      aria-labelledby="save-thread-title"
      data-testid="save-thread-notice"
      className="fixed right-3 bottom-3 left-3 z-40 rounded-2xl border border-border bg-surface p-4 text-fg shadow-xl sm:left-auto sm:w-96"
    >
      <button
        type="button"
        aria-label="Close"
        onClick={onClose}
        className="absolute top-3 right-3 rounded-lg p-1.5 text-subtle hover:bg-surface-2 hover:text-fg"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      {children}
    </section>
  );
}

function Offer({ thread, onDone }: { thread: ImportThreadRequest; onDone: () => void }) {
  const save = useImportThread();
  const first = thread.turns[0]?.query ?? "";
  const decide = () => rememberImportAsked(thread.threadId);
  const close = () => {
    decide();
    onDone();
  };

  if (save.isSuccess) {
    const href = paths.app.searchResult.hrefFor(first, save.data.threadId);
    return (
      <Card onClose={onDone}>
        <h2 id="save-thread-title" className="flex items-center gap-2 pr-8 text-sm font-semibold">
          <CircleCheck className="size-4 text-success" aria-hidden="true" />
          Saved to your history
        </h2>
        <p className="mt-1 text-sm text-muted" role="status">
          The thread you started before signing in is now in your account.
        </p>
        <div className="mt-3 flex gap-2">
          <Link to={href} onClick={onDone} className={buttonClasses({ size: "sm" })}>
            Open the saved thread
          </Link>
        </div>
      </Card>
    );
  }

  return (
    <Card onClose={close}>
      <h2 id="save-thread-title" className="flex items-center gap-2 pr-8 text-sm font-semibold">
        <History className="size-4 text-accent" aria-hidden="true" />
        Save your conversation?
      </h2>
      <p className="mt-1 text-sm break-words text-muted">
        Before signing in you asked “{first}”
        {thread.turns.length > 1 ? ` and ${thread.turns.length - 1} more` : ""}. Save this thread
        into your account so it stays in your history?
      </p>
      {save.isError ? (
        <Alert kind="error" className="mt-3">
          The thread was not saved. {errorMessage(save.error)}
        </Alert>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={save.isPending}
          onClick={() => {
            decide();
            save.mutate(thread);
          }}
        >
          {save.isPending ? <Spinner className="size-4" /> : null}
          {save.isPending ? "Saving..." : "Save to my history"}
        </Button>
        <Button size="sm" variant="ghost" disabled={save.isPending} onClick={close}>
          No thanks
        </Button>
      </div>
    </Card>
  );
}

/**
 * Offered once after signing in: save the thread this tab kept while the visitor was anonymous
 * into the new account (POST /api/history/import), then link to it.
 */
export function SaveThreadNotice() {
  const userId = useSession().user?.id ?? null;
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  // Read when someone signs in; the decision is kept in sessionStorage so it is asked once.
  const thread = useMemo(() => {
    if (userId === null) return null;
    const candidate = readSessionThreadForImport();
    return candidate && !wasImportAsked(candidate.threadId) ? candidate : null;
  }, [userId]);
  if (userId === null || thread === null || dismissedFor === userId) return null;
  return <Offer key={thread.threadId} thread={thread} onDone={() => setDismissedFor(userId)} />;
}
