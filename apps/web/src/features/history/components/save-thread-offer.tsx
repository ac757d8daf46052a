import type { ImportThreadRequest } from "@nexus/contracts";
import { CircleCheck, History, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { useImportThreads } from "../api/import-thread.ts";
import {
  readSessionThreadsForImport,
  rememberImportAsked,
  wasImportAsked,
} from "../lib/session-thread-import.ts";

function Card({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  const t = useT();
  return (
    <section
      aria-labelledby="save-thread-title"
      data-testid="save-thread-notice"
      className="fixed top-16 right-3 left-3 z-40 max-h-[calc(100dvh-5rem)] overflow-y-auto md:top-4 rounded-2xl border border-border bg-surface p-4 text-fg shadow-xl sm:left-auto sm:w-80"
    >
      <button
        type="button"
        aria-label={t("history.offer.close")}
        onClick={onClose}
        className="absolute top-3 right-3 rounded-lg p-1.5 text-subtle hover:bg-surface-2 hover:text-fg"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      {children}
    </section>
  );
}

const firstQuestion = (thread: ImportThreadRequest) => thread.turns[0]?.query ?? "";
function Saved({ threads, onDone }: { threads: ImportThreadRequest[]; onDone: () => void }) {
  const t = useT();
  return (
    <Card onClose={onDone}>
      <h2 id="save-thread-title" className="flex items-center gap-2 pr-8 text-sm font-semibold">
        <CircleCheck className="size-4 text-success" aria-hidden="true" />
        {t("history.offer.saved")}
      </h2>
      <p className="mt-1 text-sm text-muted" role="status">
        {t("history.offer.savedText", { count: threads.length })}
      </p>
      {threads.length === 1 && threads[0] ? (
        <div className="mt-3 flex gap-2">
          <Link
            to={paths.app.searchResult.hrefFor(firstQuestion(threads[0]), threads[0].threadId)}
            onClick={onDone}
            className={buttonClasses({ size: "sm" })}
          >
            {t("history.offer.open")}
          </Link>
        </div>
      ) : (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {threads.map((thread) => (
            <li key={thread.threadId} className="min-w-0">
              <Link
                to={paths.app.searchResult.hrefFor(firstQuestion(thread), thread.threadId)}
                onClick={onDone}
                className="block truncate text-accent underline-offset-2 hover:underline"
              >
                {firstQuestion(thread)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Offer({ threads, onDone }: { threads: ImportThreadRequest[]; onDone: () => void }) {
  const t = useT();
  const save = useImportThreads();
  const decide = () => {
    for (const thread of threads) rememberImportAsked(thread.threadId);
  };
  const close = () => {
    decide();
    onDone();
  };
  if (save.isSuccess) {
    const saved = threads.map((thread, i) => ({
      ...thread,
      threadId: save.data[i]?.threadId ?? thread.threadId,
    }));
    return <Saved threads={saved} onDone={onDone} />;
  }
  const [only] = threads;
  return (
    <Card onClose={close}>
      <h2 id="save-thread-title" className="flex items-center gap-2 pr-8 text-sm font-semibold">
        <History className="size-4 text-accent" aria-hidden="true" />
        {t("history.offer.title", { count: threads.length })}
      </h2>
      {threads.length === 1 && only ? (
        <p className="mt-1 text-sm break-words text-muted">
          {only.turns.length > 1
            ? t("history.offer.askedMore", {
                question: firstQuestion(only),
                more: only.turns.length - 1,
              })
            : t("history.offer.asked", { question: firstQuestion(only) })}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">{t("history.offer.started")}</p>
          <ul data-testid="save-thread-list" className="mt-2 flex flex-col gap-1 text-sm">
            {threads.map((thread) => (
              <li key={thread.threadId} className="flex min-w-0 items-baseline gap-2">
                <span className="min-w-0 flex-1 truncate" title={firstQuestion(thread)}>
                  {firstQuestion(thread)}
                </span>
                <span className="shrink-0 text-xs text-subtle">
                  {t("history.offer.questions", { count: thread.turns.length })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {save.isError ? (
        <Alert kind="error" className="mt-3">
          {t("history.offer.notSaved", {
            count: threads.length,
            message: errorMessage(save.error),
          })}
        </Alert>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={save.isPending}
          onClick={() => {
            decide();
            save.mutate(threads);
          }}
        >
          {save.isPending ? <Spinner className="size-4" /> : null}
          {save.isPending ? t("common.saving") : t("history.offer.save")}
        </Button>
        <Button size="sm" variant="ghost" disabled={save.isPending} onClick={close}>
          {t("history.offer.noThanks")}
        </Button>
      </div>
    </Card>
  );
}

/**
 * The offer itself (loaded only when the tab keeps anonymous threads): the threads not asked about
 * yet, read when it mounts (once per person signed in: SaveThreadNotice keys it by them).
 */
export function SaveThreadOffer({ onDone }: { onDone: () => void }) {
  const [threads] = useState(() =>
    readSessionThreadsForImport().filter((thread) => !wasImportAsked(thread.threadId)),
  );
  if (threads.length === 0) return null;
  return <Offer key={threads.map((t) => t.threadId).join()} threads={threads} onDone={onDone} />;
}
