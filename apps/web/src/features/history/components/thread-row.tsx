import type { ThreadSummary } from "@nexus/contracts";
import { clsx } from "clsx";
import { MessageSquare, Pencil, Pin, PinOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ExportMenu } from "@/components/export-menu.tsx";
import { AgentBadge } from "@/components/ui/agent-badge.tsx";
import { EntryMeta, type FocusModeDisplay } from "@/components/ui/entry-meta.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { kindBadge } from "@/lib/kind-labels.ts";
import { ThreadRenameForm } from "./thread-rename-form.tsx";
import { ThreadStateMark } from "./thread-state-mark.tsx";

/** A row's action buttons: shown on hover or focus on wide screens, always on phones. */
const ACTION_BASE =
  "rounded-lg p-2 text-subtle transition-colors sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100 sm:focus-visible:opacity-100";
const ACTION = `${ACTION_BASE} hover:bg-surface-2 hover:text-fg`;

export interface ThreadRowSelection {
  selected: boolean;
  /** No more can be picked (the delete limit): an unpicked box is disabled. */
  full: boolean;
  onToggle: (thread: ThreadSummary) => void;
}

/**
 * One thread in the history: opens the thread; a box picks it for deleting several at once, and
 * buttons pin it (pinned threads come first), rename it in place, export it (its Export menu) and
 * delete it.
 */
export function ThreadRow({
  thread,
  focusModeDisplay,
  onDelete,
  onPin,
  selection,
  now,
}: {
  thread: ThreadSummary;
  focusModeDisplay: FocusModeDisplay | undefined;
  onDelete: (thread: ThreadSummary) => void;
  onPin?: (thread: ThreadSummary) => void;
  selection?: ThreadRowSelection;
  now: Date;
}) {
  const t = useT();
  const [renaming, setRenaming] = useState(false);
  const badge = kindBadge(thread);
  const messages = t("history.messages", { count: thread.messageCount });
  return (
    <li
      data-testid="history-thread"
      data-pinned={thread.pinned ? "true" : undefined}
      className={clsx(
        "group relative flex items-start gap-3 rounded-xl border px-3 py-3 transition-colors focus-within:border-border hover:border-border hover:bg-surface sm:px-4",
        selection?.selected ? "border-accent/50 bg-accent-soft/40" : "border-transparent",
      )}
    >
      {selection ? (
        <input
          type="checkbox"
          checked={selection.selected}
          disabled={!selection.selected && selection.full}
          onChange={() => selection.onToggle(thread)}
          aria-label={t("history.selectThread", { title: thread.title })}
          data-testid="history-thread-select"
          className="relative z-10 mt-1 size-4 shrink-0 accent-accent"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        {renaming ? (
          <div className="relative z-10">
            <ThreadRenameForm
              threadId={thread.threadId}
              title={thread.title}
              onDone={() => setRenaming(false)}
            />
          </div>
        ) : (
          <Link
            to={thread.href}
            className="block rounded-md font-medium break-words text-fg outline-offset-2 after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-accent"
          >
            {thread.pinned ? (
              <span data-testid="history-thread-pinned">
                <Pin
                  className="me-1.5 inline size-3.5 -translate-y-px text-accent"
                  aria-hidden="true"
                />
                <span className="sr-only">{t("history.pinnedPrefix")}</span>
              </span>
            ) : null}
            <bdi>{thread.title}</bdi>
          </Link>
        )}
        {thread.preview ? (
          <p className="mt-1 line-clamp-2 text-sm break-words text-muted">{thread.preview}</p>
        ) : null}
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-subtle">
          {badge ? (
            <AgentBadge
              name={badge}
              testId="history-thread-agent"
              kind={thread.kind}
              icon={thread.icon}
            />
          ) : null}
          {thread.state ? (
            <ThreadStateMark state={thread.state} testId="history-thread-state" />
          ) : null}
          <EntryMeta
            focusMode={thread.focusMode}
            focusModeDisplay={badge ? undefined : focusModeDisplay}
            timestamp={thread.latestTimestamp}
            now={now}
          />
          <span className="inline-flex items-center gap-1">
            <MessageSquare className="size-3.5" aria-hidden="true" />
            {messages}
          </span>
        </p>
      </div>
      <div className="relative z-10 flex shrink-0 items-center">
        {onPin ? (
          <button
            type="button"
            onClick={() => onPin(thread)}
            aria-label={t(thread.pinned ? "history.unpinThreadOf" : "history.pinThreadOf", {
              title: thread.title,
            })}
            aria-pressed={thread.pinned}
            title={thread.pinned ? t("history.unpinThread") : t("history.pinThread")}
            data-testid="history-thread-pin"
            className={ACTION}
          >
            {thread.pinned ? (
              <PinOff className="size-4" aria-hidden="true" />
            ) : (
              <Pin className="size-4" aria-hidden="true" />
            )}
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => setRenaming(true)}
          aria-label={t("history.renameThreadOf", { title: thread.title })}
          title={t("history.renameThread")}
          data-testid="history-thread-rename"
          className={ACTION}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </button>
        <div className="sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100 sm:has-[[aria-expanded=true]]:opacity-100">
          <ExportMenu
            compact
            threadId={thread.threadId}
            title={thread.title}
            testId="history-thread-export"
          />
        </div>
        <button
          type="button"
          onClick={() => onDelete(thread)}
          aria-label={t("history.deleteThreadOf", { title: thread.title })}
          title={t("history.confirmLabel")}
          className={`${ACTION_BASE} hover:bg-danger-soft hover:text-danger`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

export function ThreadRowSkeleton() {
  return (
    <li className="flex flex-col gap-2 px-3 py-3 sm:px-4" aria-hidden="true">
      <div className="h-4 w-2/3 rounded-md bg-surface-2 motion-safe:animate-pulse" />
      <div className="h-3.5 w-full rounded-md bg-surface-2 motion-safe:animate-pulse" />
      <div className="h-3 w-40 rounded-md bg-surface-2 motion-safe:animate-pulse" />
    </li>
  );
}
