import { MESSAGES, type ResearchItem } from "@nexus/contracts";
import { Telescope, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { LoadError, NoMatches } from "@/components/ui/load-error.tsx";
import { Page } from "@/components/ui/page.tsx";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { intlLocale, useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useDebouncedValue } from "@/lib/use-debounced-value.ts";
import { useDeleteResearch, useResearchList } from "../api/research.ts";
import { formatElapsed } from "../lib/report.ts";
import { depthLabel } from "./research-options.tsx";
import { StatusBadge } from "./research-status.tsx";

const SEARCH_DEBOUNCE_MS = 300;

/** How long a research ran: to its end, or so far. */
export function researchDuration(item: ResearchItem): string | null {
  if (!item.endedAt) return null;
  const ms = Math.max(item.spent.elapsedMs, Date.parse(item.endedAt) - Date.parse(item.createdAt));
  return Number.isFinite(ms) ? formatElapsed(ms) : null;
}

function ResultRow({
  item,
  onDelete,
}: {
  item: ResearchItem;
  onDelete: (item: ResearchItem) => void;
}) {
  const t = useT();
  const duration = researchDuration(item);
  // The server counts every source found, the read ones among them.
  const sources = Math.max(item.sourcesFound, item.sourcesRead);
  return (
    <li
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 shadow-xs sm:flex-row sm:items-start sm:justify-between"
      data-testid="research-result"
      data-status={item.status}
    >
      <div className="min-w-0">
        <Link
          to={paths.app.deepResearch.href(item.threadId)}
          className="font-medium break-words text-fg hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="research-result-link"
          dir="auto"
        >
          {item.question}
        </Link>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          <StatusBadge status={item.status} />
          <time dateTime={item.createdAt}>
            {new Date(item.createdAt).toLocaleString(intlLocale(), {
              dateStyle: "medium",
              timeStyle: "short",
            })}
          </time>
          {duration ? <span>{duration}</span> : null}
          <span data-testid="research-result-sources">
            {sources > item.sourcesRead
              ? t("research.result.readOf", { read: item.sourcesRead, count: sources })
              : t("research.result.read", { count: item.sourcesRead })}
          </span>
          <span>{depthLabel(item.depth).label}</span>
        </div>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="self-start"
        aria-label={t("research.result.deleteOf", { question: item.question })}
        data-testid="research-result-delete"
        onClick={() => onDelete(item)}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        <span className="sm:sr-only">{t("research.delete")}</span>
      </Button>
    </li>
  );
}

/** /app/agents/deepresearch/results: every research of the person, newest first, searchable. */
export function ResearchResults() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useResearchList(q);
  const remove = useDeleteResearch();
  const [pending, setPending] = useState<ResearchItem | null>(null);
  const items = list.data?.items ?? [];
  const t = useT();

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div data-testid="research-results-loading">
        <span role="status" className="sr-only">
          {MESSAGES.loading}
        </span>
        <ul className="flex flex-col gap-3">
          {[0, 1, 2].map((row) => (
            <li key={row} className="rounded-2xl border border-border bg-surface p-4">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="mt-3 h-3 w-1/2" />
            </li>
          ))}
        </ul>
      </div>
    );
  } else if (list.isError) {
    body = (
      <LoadError
        what={t("research.yours")}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (items.length === 0) {
    body =
      q === "" ? (
        <EmptyState
          icon={Telescope}
          title={t("research.empty.title")}
          description={t("research.empty.description")}
          testId="research-results-empty"
        >
          <Link to={paths.app.deepResearch.href()} className={buttonClasses()}>
            {t("research.empty.start")}
          </Link>
        </EmptyState>
      ) : (
        <NoMatches
          title={t("research.noMatches")}
          where={t("research.where")}
          query={q}
          onClear={() => setSearch("")}
          testId="research-results-no-match"
        />
      );
  } else {
    body = (
      <ul className="flex flex-col gap-3" data-testid="research-results">
        {items.map((item) => (
          <ResultRow key={item.threadId} item={item} onDelete={setPending} />
        ))}
      </ul>
    );
  }

  return (
    <Page
      title={t("research.yours")}
      description={t("research.results.description")}
      actions={
        <Link to={paths.app.deepResearch.href()} className={buttonClasses({ size: "sm" })}>
          <Telescope className="size-4" aria-hidden="true" />
          {t("research.new")}
        </Link>
      }
    >
      <div className="flex flex-col gap-6">
        <SearchInput
          label={t("research.searchLabel")}
          placeholder={t("research.searchPlaceholder")}
          value={search}
          onChange={setSearch}
          maxLength={200}
          busy={list.isFetching && !list.isPending}
          className="max-w-xl"
        />
        {body}
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={t("research.deleteTitle")}
        description={
          pending?.status === "running" || pending?.status === "queued"
            ? t("research.deleteRunning")
            : t("research.deleteEnded")
        }
        confirmLabel={t("research.delete")}
        testId="research-delete-dialog"
        onConfirm={() => {
          if (!pending) return;
          remove.mutate(pending.threadId, {
            onSuccess: () => notify("success", t("research.deleted")),
            onError: (error) =>
              notify("error", t("research.notDeleted", { message: errorMessage(error) })),
          });
        }}
      />
    </Page>
  );
}
