import {
  HISTORY_FILTERS,
  HISTORY_SEARCH_MAX,
  type HistoryFilter,
  MESSAGES,
  type ThreadSummary,
} from "@nexus/contracts";
import { History } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { ExportAllLink } from "@/components/export-all-link.tsx";
import { buttonClasses } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import type { FocusModeDisplay } from "@/components/ui/entry-meta.tsx";
import { LoadError, NoMatches } from "@/components/ui/load-error.tsx";
import { NextPageEnd } from "@/components/ui/load-more.tsx";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { ToggleChips } from "@/components/ui/toggle-chips.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { type MessageId, t as translate, useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { uniqueBy } from "@/lib/unique-by.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import { useDeleteThread } from "../api/delete-thread.ts";
import { useDeleteThreads } from "../api/delete-threads.ts";
import { type HistoryKind, useHistory } from "../api/get-history.ts";
import { usePinThread } from "../api/pin-thread.ts";
import type { DateGroupLabel } from "../lib/date-groups.ts";
import { groupByDate } from "../lib/date-groups.ts";
import { FILTER_TEXTS } from "../lib/filter-texts.ts";
import {
  allState,
  isFull,
  keepListed,
  type Selection,
  toggle,
  toggleAll,
} from "../lib/selection.ts";
import { SelectionBar } from "./selection-bar.tsx";
import { ThreadRow, ThreadRowSkeleton } from "./thread-row.tsx";

const SEARCH_DEBOUNCE_MS = 300;

function LoadingList() {
  return (
    <div data-testid="history-loading">
      <span role="status" className="sr-only">
        {MESSAGES.loading}
      </span>
      <div className="mb-2 h-4 w-20 rounded-md bg-surface-2 motion-safe:animate-pulse" />
      <ul className="flex flex-col gap-1">
        {[0, 1, 2, 3, 4].map((row) => (
          <ThreadRowSkeleton key={row} />
        ))}
      </ul>
    </div>
  );
}

type KindFilter = "all" | HistoryFilter;
/** "All", then the filters the kinds are listed under (contracts kinds.ts). */
const kinds = (all: string): ReadonlyArray<{ value: KindFilter; label: string }> => [
  { value: "all", label: all },
  ...Object.keys(HISTORY_FILTERS).map((value) => ({
    value: value as HistoryFilter,
    label: translate(FILTER_TEXTS[value as HistoryFilter].label),
  })),
];

/** A date group's heading in the interface's language (its English label stays its id). */
const GROUP_HEADINGS: Record<DateGroupLabel | "Pinned", MessageId> = {
  Pinned: "history.group.pinned",
  Today: "history.group.today",
  Yesterday: "history.group.yesterday",
  "Previous 7 days": "history.group.week",
  "Previous 30 days": "history.group.month",
  Older: "history.group.older",
};

/**
 * /app/history: pinned threads first, then threads by latest activity in date groups; searchable;
 * each can be pinned, renamed or deleted, and several picked and deleted at once.
 */
export function HistoryScreen({ focusModeDisplay }: { focusModeDisplay?: FocusModeDisplay }) {
  const t = useT();
  const [search, setSearch] = useState("");
  const [kind, setKind] = useState<HistoryKind>(undefined);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const history = useHistory(q, kind);
  const deletion = useDeleteThread();
  const [pendingDelete, setPendingDelete] = useState<ThreadSummary | null>(null);
  const bulk = useDeleteThreads();
  const pin = usePinThread();
  const [selection, setSelection] = useState<Selection>([]);
  const [confirmBulk, setConfirmBulk] = useState(false);

  // Keyed by thread: a page refetched while another one arrives never shows a thread twice.
  const threads = useMemo(
    () =>
      uniqueBy(history.data?.pages.flatMap((page) => page.threads) ?? [], (row) => row.threadId),
    [history.data],
  );
  // Times are relative to the last fetch, so a list left open over midnight regroups on refetch.
  const fetchedAt = history.dataUpdatedAt;
  const now = useMemo(() => (fetchedAt ? new Date(fetchedAt) : new Date()), [fetchedAt]);
  const groups = useMemo(() => {
    const pinned = threads.filter((thread) => thread.pinned);
    const dated = groupByDate(
      threads.filter((thread) => !thread.pinned),
      (thread) => thread.latestTimestamp,
      now,
    );
    return pinned.length > 0 ? [{ label: "Pinned" as const, items: pinned }, ...dated] : dated;
  }, [threads, now]);
  const listed = useMemo(() => threads.map((thread) => thread.threadId), [threads]);
  // A thread that left the list (deleted, filtered out) leaves the selection.
  useEffect(() => setSelection((current) => keepListed(current, listed)), [listed]);
  const rowSelection = (thread: ThreadSummary) => ({
    selected: selection.includes(thread.threadId),
    full: isFull(selection),
    onToggle: () => setSelection((current) => toggle(current, thread.threadId)),
  });

  const togglePin = (thread: ThreadSummary) =>
    pin.mutate(
      { threadId: thread.threadId, pinned: !thread.pinned },
      {
        onSuccess: (saved) =>
          notify("success", saved.pinned ? t("history.pinned") : t("history.unpinned")),
        onError: (error) => notify("error", `${t("history.notChanged")} ${errorMessage(error)}`),
      },
    );

  const deleteSelected = () => {
    const ids = [...selection];
    bulk.mutate(ids, {
      onSuccess: ({ deleted }) => {
        setSelection([]);
        notify("success", t("history.deletedMany", { count: deleted }));
      },
      onError: (error) => notify("error", `${t("history.noneDeleted")} ${errorMessage(error)}`),
    });
  };

  const confirmDelete = () => {
    const thread = pendingDelete;
    if (!thread) return;
    deletion.mutate(thread.threadId, {
      onSuccess: () => notify("success", t("history.deleted")),
      onError: (error) => notify("error", `${t("history.notDeleted")} ${errorMessage(error)}`),
    });
  };

  let body: ReactNode;
  if (history.isPending) {
    body = <LoadingList />;
  } else if (history.isError && threads.length === 0) {
    body = (
      <LoadError
        what={t("history.what")}
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  } else if (threads.length === 0) {
    body =
      q === "" && kind !== undefined ? (
        <EmptyState
          icon={History}
          title={t(FILTER_TEXTS[kind].empty)}
          description={t(FILTER_TEXTS[kind].hint)}
          testId="history-empty"
        >
          <Link to={HISTORY_FILTERS[kind].actionHref} className={buttonClasses()}>
            {t(FILTER_TEXTS[kind].action)}
          </Link>
        </EmptyState>
      ) : q === "" ? (
        <EmptyState
          icon={History}
          title={t("history.emptyTitle")}
          description={t("history.emptyDescription")}
          testId="history-empty"
        >
          <Link to={paths.app.root.href()} className={buttonClasses()}>
            {t("history.ask")}
          </Link>
        </EmptyState>
      ) : (
        <NoMatches
          title={t("history.noMatches")}
          where={t("history.where")}
          query={q}
          onClear={() => setSearch("")}
          testId="history-no-results"
        />
      );
  } else {
    body = (
      <div className="flex flex-col gap-6" data-testid="history-list">
        <SelectionBar
          count={selection.length}
          all={allState(selection, listed)}
          onToggleAll={() => setSelection((current) => toggleAll(current, listed))}
          onClear={() => setSelection([])}
          onDelete={() => setConfirmBulk(true)}
          deleting={bulk.isPending}
        />
        {groups.map((group) => (
          <section key={group.label} aria-labelledby={`history-group-${group.label}`}>
            <h2
              id={`history-group-${group.label}`}
              data-testid="history-group"
              className="mb-1 px-3 text-xs font-semibold tracking-wide text-subtle uppercase sm:px-4"
            >
              {t(GROUP_HEADINGS[group.label])}
            </h2>
            <ul className="flex flex-col">
              {group.items.map((thread) => (
                <ThreadRow
                  key={thread.threadId}
                  thread={thread}
                  focusModeDisplay={focusModeDisplay}
                  onDelete={setPendingDelete}
                  onPin={togglePin}
                  selection={rowSelection(thread)}
                  now={now}
                />
              ))}
            </ul>
          </section>
        ))}
        <NextPageEnd pages={history} failedText={t("history.moreFailed")} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <SearchInput
        label={t("history.searchLabel")}
        placeholder={t("history.searchPlaceholder")}
        value={search}
        onChange={setSearch}
        maxLength={HISTORY_SEARCH_MAX}
        busy={history.isFetching && !history.isFetchingNextPage}
        className="max-w-xl"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ToggleChips
          label={t("history.show")}
          options={kinds(t("history.all"))}
          value={kind ?? "all"}
          onChange={(value) => setKind(value === "all" ? undefined : value)}
          testId="history-kind-filter"
        />
        <ExportAllLink />
      </div>
      {body}
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title={t("history.confirmTitle")}
        description={
          pendingDelete
            ? t("history.confirmDescription", {
                title: pendingDelete.title,
                count: pendingDelete.messageCount,
              })
            : ""
        }
        confirmLabel={t("history.confirmLabel")}
        onConfirm={confirmDelete}
        testId="delete-thread-dialog"
      />
      <ConfirmDialog
        open={confirmBulk}
        onOpenChange={setConfirmBulk}
        title={t("history.bulkTitle", { count: selection.length })}
        description={t("history.bulkDescription", { count: selection.length })}
        confirmLabel={t("history.bulkLabel", { count: selection.length })}
        onConfirm={deleteSelected}
        testId="delete-threads-dialog"
      />
    </div>
  );
}
