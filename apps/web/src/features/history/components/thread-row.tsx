import type { ThreadSummary } from "@nexus/contracts";
import { MessageSquare, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { ExportMenu } from "@/components/export-menu.tsx";
import { AgentBadge } from "@/components/ui/agent-badge.tsx";
import { EntryMeta, type FocusModeDisplay } from "@/components/ui/entry-meta.tsx";

/** One thread in the history: opens the answer page; its Export menu, and a button that deletes it. */
export function ThreadRow({
  thread,
  focusModeDisplay,
  onDelete,
  now,
}: {
  thread: ThreadSummary;
  focusModeDisplay: FocusModeDisplay | undefined;
  onDelete: (thread: ThreadSummary) => void;
  now: Date;
}) {
  const badge = thread.badge;
  const messages = `${thread.messageCount} ${thread.messageCount === 1 ? "message" : "messages"}`;
  return (
    <li
      data-testid="history-thread"
      className="group relative flex items-start gap-3 rounded-xl border border-transparent px-3 py-3 transition-colors focus-within:border-border hover:border-border hover:bg-surface sm:px-4"
    >
      <div className="min-w-0 flex-1">
        <Link
          to={thread.href}
          className="block rounded-md font-medium break-words text-fg outline-offset-2 after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-accent"
        >
          {thread.title}
        </Link>
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
      <div className="relative z-10 shrink-0 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100 sm:has-[[aria-expanded=true]]:opacity-100">
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
        aria-label={`Delete thread: ${thread.title}`}
        title="Delete thread"
        className="relative z-10 shrink-0 rounded-lg p-2 text-subtle transition-colors hover:bg-danger-soft hover:text-danger sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100 sm:focus-visible:opacity-100"
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
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
