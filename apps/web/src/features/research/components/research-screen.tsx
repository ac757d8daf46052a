import { RESEARCH_BUDGETS, type ResearchItem, type RunStatusValue } from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, CircleStop, FastForward, ListChecks, RotateCcw } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { OfflineBadge } from "@/components/ui/offline-badge.tsx";
import { PageSpinner, Spinner } from "@/components/ui/spinner.tsx";
import { paths } from "@/config/paths.ts";
import { ApiError, errorMessage } from "@/lib/api-client.ts";
import { intlLocale, useT } from "@/lib/i18n/i18n.ts";
import { historyKeys, researchKeys } from "@/lib/query-keys.ts";
import {
  useResearch,
  useResearchControl,
  useResumeResearch,
  useSavedReport,
} from "../api/research.ts";
import { formatElapsed } from "../lib/report.ts";
import { useReportMessage } from "../lib/report-message.ts";
import { liveCitations, type ResearchView } from "../lib/research-events.ts";
import { useResearchEvents } from "../lib/use-research-events.ts";
import { depthLabel, sourcesLabel } from "./research-options.tsx";
import { BudgetSpent, ResearchPlanProgress, ResearchProgressBar } from "./research-progress.tsx";
import { ReportText, ResearchReport } from "./research-report.tsx";
import { StatusBadge } from "./research-status.tsx";

const ENDED: readonly RunStatusValue[] = ["succeeded", "failed", "cancelled"];

/** Now, every second while `ticking`. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}

/** The run's controls while it runs: Cancel, and Finish now (the report from what was gathered). */
function RunControls({ item, view }: { item: ResearchItem; view: ResearchView }) {
  const t = useT();
  const { cancel, finish } = useResearchControl(item);
  const error = cancel.error ?? finish.error;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        data-testid="research-finish"
        disabled={finish.isPending || cancel.isPending || view.reportStarted || finish.isSuccess}
        onClick={() => finish.mutate()}
        title={t("research.finish.title")}
      >
        {finish.isPending ? <Spinner /> : <FastForward className="size-4" aria-hidden="true" />}
        {t("research.finish")}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        data-testid="research-cancel"
        disabled={cancel.isPending || cancel.isSuccess}
        onClick={() => cancel.mutate()}
      >
        {cancel.isPending ? <Spinner /> : <CircleStop className="size-4" aria-hidden="true" />}
        {t("spec.cancel")}
      </Button>
      {error ? <p className="text-sm text-danger">{errorMessage(error)}</p> : null}
    </div>
  );
}

/**
 * "Retry from here" on a failed or cancelled research: it goes on from its last good step (a step
 * that failed runs again, then what it had not reached, then the report). Past the quota, the
 * refusal says so here.
 */
function ResumeControl({ item, onResumed }: { item: ResearchItem; onResumed: () => void }) {
  const t = useT();
  const resume = useResumeResearch(item.threadId, onResumed);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        data-testid="research-resume"
        disabled={resume.isPending}
        onClick={() => resume.mutate()}
        title={t("research.resume.title")}
      >
        {resume.isPending ? <Spinner /> : <RotateCcw className="size-4" aria-hidden="true" />}
        {t("research.resume")}
      </Button>
      {resume.error ? (
        <p className="text-sm text-danger" role="alert">
          {errorMessage(resume.error)}
        </p>
      ) : null}
    </div>
  );
}

function Meta({
  item,
  status,
  elapsedMs,
}: {
  item: ResearchItem;
  status: RunStatusValue;
  elapsedMs: number;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
      <StatusBadge status={status} />
      {/* Near the start: its explanation opens to the right, inside a phone's width. */}
      {item.offline ? <OfflineBadge explanation={t("research.offline")} /> : null}
      <span data-testid="research-elapsed" className="tabular-nums">
        {formatElapsed(elapsedMs)}
      </span>
      <span>{t("research.depthOf", { depth: depthLabel(item.depth).label })}</span>
      <span>{sourcesLabel(item.sources).label}</span>
      <span>
        {new Date(item.createdAt).toLocaleString(intlLocale(), {
          dateStyle: "medium",
          timeStyle: "short",
        })}
      </span>
    </div>
  );
}

/** The research screens' page: its width, title and the links to a new research and to the list. */
export function Frame({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-10">
      <title>{`${title} · Nexus`}</title>
      <nav className="mb-4 flex flex-wrap gap-2" aria-label={t("research.title")}>
        <Link
          to={paths.app.deepResearch.href()}
          className={buttonClasses({ variant: "ghost", size: "sm" })}
        >
          <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t("research.new")}
        </Link>
        <Link
          to={paths.app.deepResearchResults.href()}
          className={buttonClasses({ variant: "ghost", size: "sm" })}
        >
          <ListChecks className="size-4" aria-hidden="true" />
          {t("research.yours")}
        </Link>
      </nav>
      {children}
    </div>
  );
}

/** The research's question, as its page's heading. */
export function ResearchTitle({ question }: { question: string }) {
  return (
    <h1
      className="text-2xl font-semibold tracking-tight break-words sm:text-3xl"
      data-testid="research-title"
      dir="auto"
    >
      {question}
    </h1>
  );
}

/**
 * /app/agents/deepresearch/:threadId: a research as it runs (its plan, steps, sources, budget and
 * the report streaming in) and, once it succeeded, its report. The page is rebuilt from the run's
 * events after a reload or on another device.
 */
export function ResearchScreen({
  threadId,
  notFound,
  entryActions,
}: {
  threadId: string;
  notFound: ReactNode;
  /** Bookmark and Share of the saved report (the app layer's). */
  entryActions?: (entry: { threadId: string; entryId: string }) => ReactNode;
}) {
  const query = useResearch(threadId);
  const item = query.data ?? null;
  // Bumped by "Retry from here": the run's events are followed again.
  const [follow, setFollow] = useState(0);
  const { view, fatal } = useResearchEvents(item?.runId ?? null, follow);
  const content = useReportMessage(view.reportChunks);
  const savedReport = useSavedReport(threadId, item?.status === "succeeded");
  const queryClient = useQueryClient();
  const t = useT();
  // Events after the item was read: it is running (the item said queued when it started).
  const itemStatus = item?.status ?? "queued";
  const status: RunStatusValue =
    view.status ?? (itemStatus === "queued" && view.lastSeq > 0 ? "running" : itemStatus);
  const ended = ENDED.includes(status);
  const now = useNow(!ended && item !== null);

  // The run ended while watched: its item (entry, sources, end) and the history change. Asked
  // again once per end seen.
  const itemEnded = item !== null && ENDED.includes(item.status);
  const refreshed = useRef<RunStatusValue | null>(null);
  useEffect(() => {
    if (!view.status || itemEnded || refreshed.current === view.status) return;
    refreshed.current = view.status;
    void queryClient.invalidateQueries({ queryKey: researchKeys.one(threadId) });
    void queryClient.invalidateQueries({ queryKey: researchKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: historyKeys.all });
  }, [view.status, itemEnded, queryClient, threadId]);

  if (query.isPending) return <PageSpinner />;
  if (query.isError || !item) {
    if (query.error instanceof ApiError && query.error.status === 404) return notFound;
    return (
      <Frame title={t("research.title")}>
        <LoadError
          what={t("research.this")}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </Frame>
    );
  }

  const budget = view.budget ?? RESEARCH_BUDGETS[item.depth];
  const elapsedMs = ended
    ? Math.max(
        view.spent?.elapsedMs ?? 0,
        item.spent.elapsedMs,
        item.endedAt ? Date.parse(item.endedAt) - Date.parse(item.createdAt) : 0,
      )
    : now - Date.parse(item.createdAt);
  // A finished research's report: from its events once they are read again, meanwhile as saved.
  const report =
    status !== "succeeded"
      ? null
      : view.status === "succeeded" && content.report !== ""
        ? content
        : savedReport;
  const showReport = report !== null;

  return (
    <Frame title={item.question}>
      <header
        className="mb-6 grid grid-cols-1 gap-3"
        data-testid="research-header"
        data-status={status}
      >
        <ResearchTitle question={item.question} />
        <Meta item={item} status={status} elapsedMs={elapsedMs} />
        {showReport ? null : (
          <>
            <ResearchProgressBar view={view} budget={budget} finished={ended} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <BudgetSpent view={view} budget={budget} />
              {ended ? null : <RunControls item={item} view={view} />}
              {status === "failed" || status === "cancelled" ? (
                <ResumeControl
                  item={item}
                  onResumed={() => {
                    refreshed.current = null;
                    setFollow((n) => n + 1);
                  }}
                />
              ) : null}
            </div>
          </>
        )}
      </header>

      {fatal ? <Alert kind="error">{fatal}</Alert> : null}
      {status === "failed" ? (
        // The server's message is the whole sentence: said once, with nothing put before it.
        <Alert kind="error">{view.error ?? item.error ?? t("research.failed")}</Alert>
      ) : null}
      {status === "cancelled" ? (
        <Alert kind="info">
          {content.report.trim() !== "" ? t("research.cancelledWriting") : t("research.cancelled")}
        </Alert>
      ) : null}

      {report ? (
        <ResearchReport
          item={item}
          parts={report.message?.parts ?? []}
          report={report.report}
          citations={report.citations}
          entryActions={entryActions}
        />
      ) : status === "succeeded" && (view.status === null || view.status === "succeeded") ? (
        <p className="flex items-center gap-2 text-sm text-muted" role="status">
          <Spinner /> {t("research.loadingReport")}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-8">
          <ResearchPlanProgress view={view} planned={item.subQuestions} />
          {view.reportStarted ? (
            <section aria-labelledby="research-live-report" data-testid="research-live-report">
              <h2 id="research-live-report" className="mb-3 text-base font-semibold">
                {t("research.report")}{" "}
                {ended ? null : (
                  <span className="text-sm font-normal text-muted">{t("research.writing")}</span>
                )}
              </h2>
              <ReportText
                parts={content.message?.parts ?? []}
                citations={content.citations ?? liveCitations(view)}
                streaming={!ended}
              />
            </section>
          ) : null}
        </div>
      )}
    </Frame>
  );
}
