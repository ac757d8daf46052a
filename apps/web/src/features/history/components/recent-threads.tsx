import type { ThreadState } from "@nexus/contracts";
import { clsx } from "clsx";
import { Pin } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { Link, useLocation } from "react-router";
import { AgentBadge } from "@/components/ui/agent-badge.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { paths, threadIdFromQueryAndId } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { kindBadge } from "@/lib/kind-labels.ts";
import { useSession } from "@/lib/session.tsx";
import { useHistory } from "../api/get-history.ts";
import { readSessionThreadLinks } from "../lib/session-threads.ts";
import { useThreadsVersion } from "../lib/threads-changed.ts";
import { ThreadStateMark } from "./thread-state-mark.tsx";

interface ThreadLink {
  threadId: string;
  title: string;
  href: string;
  /** Its kind (contracts kinds.ts; an anonymous visitor's threads are answers). */
  kind: string;
  /** Its kind's label as the server declares it (English; lib/kind-labels.ts translates it). */
  label?: string;
  /** The badge its kind gives it (an agent's or document's name; null: none) and its icon. */
  badge?: string | null;
  icon?: string | null;
  /** Pinned by its owner: listed first (the history's first page starts with them), marked. */
  pinned?: boolean;
  /** Its work goes on or failed (a deep research running, or failed): said beside its title. */
  state?: ThreadState | undefined;
}

const SEARCH_RESULT_PREFIX = "/app/search/";
/** An agent conversation's URL (a preset's or a custom agent's): its thread id. */
const AGENT_THREAD = /^\/app\/agents\/(?:custom\/)?[^/]+\/([^/]+)$/;

/** The thread open in the main area, from the URL (the sidebar is outside the answer route). */
function useOpenThreadId(): string | null {
  const { pathname } = useLocation();
  const agentThread = AGENT_THREAD.exec(pathname);
  if (agentThread?.[1]) return decodeURIComponent(agentThread[1]);
  if (!pathname.startsWith(SEARCH_RESULT_PREFIX)) return null;
  const segment = pathname.slice(SEARCH_RESULT_PREFIX.length).split("/")[0];
  return threadIdFromQueryAndId(segment === undefined ? undefined : decodeURIComponent(segment));
}

function ThreadList({
  threads,
  openThreadId,
  footer,
}: {
  threads: readonly ThreadLink[];
  openThreadId: string | null;
  footer?: ReactNode;
}) {
  const t = useT();
  return (
    <section aria-labelledby="recent-threads-heading" className="mt-4" data-testid="recent-threads">
      <h2
        id="recent-threads-heading"
        className="px-3 pb-1 text-xs font-medium tracking-wide text-subtle uppercase"
      >
        {t("recent.heading")}
      </h2>
      {threads.length === 0 ? (
        <p className="px-3 py-1 text-xs text-subtle">{t("recent.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {threads.map((thread) => {
            const current = thread.threadId === openThreadId;
            const badge = kindBadge({
              kind: thread.kind,
              label: thread.label ?? "",
              badge: thread.badge ?? null,
            });
            return (
              <li key={thread.threadId}>
                <Link
                  to={thread.href}
                  data-testid="recent-thread"
                  data-kind={thread.kind}
                  data-state={thread.state}
                  aria-current={current ? "page" : undefined}
                  title={`${badge ? `${thread.title} (${badge})` : thread.title}${
                    thread.state ? `, ${thread.state}` : ""
                  }`}
                  className={clsx(
                    "block rounded-lg px-3 py-1.5 text-sm transition-colors",
                    current
                      ? "bg-accent-soft font-medium text-accent-soft-fg"
                      : "text-muted hover:bg-surface-2 hover:text-fg",
                  )}
                >
                  <span className="flex items-center gap-1.5">
                    {thread.pinned ? (
                      <span className="shrink-0" data-testid="recent-thread-pinned">
                        <Pin className="size-3 text-accent" aria-hidden="true" />
                        <span className="sr-only">{t("recent.pinned")}</span>
                      </span>
                    ) : null}
                    <bdi className="block min-w-0 truncate">{thread.title}</bdi>
                    {thread.state ? (
                      <ThreadStateMark state={thread.state} testId="recent-thread-state" />
                    ) : null}
                  </span>
                  {badge ? (
                    <span className="block truncate text-xs">
                      <AgentBadge
                        name={badge}
                        testId="recent-thread-agent"
                        kind={thread.kind}
                        icon={thread.icon ?? null}
                      />
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {footer}
    </section>
  );
}

function SignedInThreads({ openThreadId }: { openThreadId: string | null }) {
  const t = useT();
  const history = useHistory("");
  const threads = useMemo(
    () =>
      (history.data?.pages ?? []).flatMap((page) =>
        page.threads.map((thread) => ({
          threadId: thread.threadId,
          title: thread.title,
          href: thread.href,
          kind: thread.kind,
          label: thread.label,
          badge: thread.badge,
          icon: thread.icon,
          pinned: thread.pinned,
          state: thread.state,
        })),
      ),
    [history.data],
  );
  if (history.isPending) {
    return (
      <div className="mt-4 flex items-center gap-2 px-3 text-xs text-subtle">
        <Spinner className="size-3.5" />
        {t("recent.loading")}
      </div>
    );
  }
  if (history.isError) {
    return <p className="mt-4 px-3 text-xs text-subtle">{t("recent.failed")}</p>;
  }
  return (
    <ThreadList
      threads={threads}
      openThreadId={openThreadId}
      footer={
        history.hasNextPage ? (
          <button
            type="button"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
            className="mt-1 flex w-full items-center gap-2 rounded-lg px-3 py-1.5 text-start text-xs font-medium text-accent hover:bg-surface-2 disabled:opacity-60"
          >
            {history.isFetchingNextPage ? <Spinner className="size-3.5" /> : null}
            {t("common.loadMore")}
          </button>
        ) : null
      }
    />
  );
}

function SessionThreads({ openThreadId }: { openThreadId: string | null }) {
  const version = useThreadsVersion();
  const { pathname } = useLocation();
  // Read again when an answer ends or the page changes (this tab writes the session copy).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the deps are re-read triggers
  const threads = useMemo(
    () =>
      readSessionThreadLinks().map((thread) => ({
        ...thread,
        // This browser's own threads of an anonymous visitor are answers (features/answer).
        kind: "answer",
        href: paths.app.searchResult.hrefFor(thread.title, thread.threadId),
      })),
    [version, pathname],
  );
  return <ThreadList threads={threads} openThreadId={openThreadId} />;
}

/**
 * The sidebar's recent threads: the signed-in user's history (paged, "Load more"), or the
 * threads this browser session keeps for an anonymous visitor; the open one is highlighted.
 */
export function RecentThreads() {
  const session = useSession();
  const openThreadId = useOpenThreadId();
  if (session.status === "loading") return null;
  return session.user ? (
    <SignedInThreads openThreadId={openThreadId} />
  ) : (
    <SessionThreads openThreadId={openThreadId} />
  );
}
