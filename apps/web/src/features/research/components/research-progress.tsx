import type { ResearchBudget, ResearchSource, ResearchStep } from "@nexus/contracts";
import { clsx } from "clsx";
import {
  BookOpen,
  CircleAlert,
  CircleCheck,
  CircleDashed,
  FileText,
  Globe,
  LoaderCircle,
} from "lucide-react";
import { type MessageId, t, useT } from "@/lib/i18n/i18n.ts";
import { budgetRatio, formatCount } from "../lib/report.ts";
import {
  noteCount,
  type QuestionStage,
  questionStage,
  type ResearchView,
} from "../lib/research-events.ts";
import { SourceLink, sourceSite, sourceTitle } from "./research-source-link.tsx";

/** The run's progress (the most spent of its budget) as a bar with its percentage. */
export function ResearchProgressBar({
  view,
  budget,
  finished,
}: {
  view: ResearchView;
  budget: ResearchBudget;
  finished: boolean;
}) {
  // Writing the report is the last part: the bar stands at least at 90% once it has started.
  const ratio = finished
    ? 1
    : Math.max(budgetRatio(view.spent, budget), view.reportStarted ? 0.9 : 0);
  const percent = Math.round(Math.min(finished ? 1 : 0.99, ratio) * 100);
  const t = useT();
  return (
    <div
      role="progressbar"
      aria-label={t("research.progress")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid="research-progress"
      className="h-2 w-full overflow-hidden rounded-full bg-surface-2"
    >
      <div
        className="h-full rounded-full bg-accent transition-[width]"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/** Spent against the depth's budget: steps, pages, tokens. */
export function BudgetSpent({ view, budget }: { view: ResearchView; budget: ResearchBudget }) {
  const spent = view.spent ?? { steps: 0, pages: 0, tokens: 0, elapsedMs: 0 };
  const t = useT();
  const rows = [
    ["steps", spent.steps, budget.steps],
    ["pages", spent.pages, budget.pages],
    ["tokens", spent.tokens, budget.tokens],
  ] as const;
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm" data-testid="research-budget">
      {rows.map(([label, used, max]) => (
        <div key={label} className="flex gap-1.5" data-testid={`research-budget-${label}`}>
          <dt className="text-muted">{t(`research.budget.${label}` as MessageId)}</dt>
          <dd className="font-medium tabular-nums">
            {formatCount(used)} / {formatCount(max)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const STAGE_STYLES: Readonly<Record<QuestionStage, string>> = {
  waiting: "bg-surface-2 text-muted",
  searching: "bg-accent-soft text-accent-soft-fg",
  reading: "bg-accent-soft text-accent-soft-fg",
  notes: "bg-accent-soft text-accent-soft-fg",
  done: "bg-success-soft text-success",
  failed: "bg-danger-soft text-danger",
  skipped: "bg-surface-2 text-muted",
};

function StepIcon({ status }: { status: ResearchStep["status"] }) {
  const t = useT();
  if (status === "running")
    return (
      <LoaderCircle
        className="size-4 shrink-0 animate-spin text-accent"
        aria-label={t("research.step.running")}
      />
    );
  if (status === "failed")
    return (
      <CircleAlert className="size-4 shrink-0 text-danger" aria-label={t("research.step.failed")} />
    );
  return (
    <CircleCheck className="size-4 shrink-0 text-success" aria-label={t("research.step.done")} />
  );
}

function StepRow({ step }: { step: ResearchStep }) {
  return (
    <li
      className="flex min-w-0 items-start gap-2 text-sm"
      data-testid="research-step"
      data-status={step.status}
    >
      <span className="mt-0.5">
        <StepIcon status={step.status} />
      </span>
      <span className="min-w-0 break-words">
        {step.label}
        {step.detail ? <span className="text-muted"> · {step.detail}</span> : null}
      </span>
    </li>
  );
}

/** A source's state ("read") in the interface's language. */
const sourceStatus = (status: ResearchSource["status"]) =>
  t(`research.source.${status}` as MessageId);

function LiveSource({ source }: { source: ResearchSource }) {
  useT();
  const Icon = source.kind === "file" ? FileText : source.kind === "knowledge" ? BookOpen : Globe;
  return (
    <li
      className="flex min-w-0 items-center gap-2 text-sm"
      data-testid="research-live-source"
      data-status={source.status}
    >
      <Icon className="size-3.5 shrink-0 text-subtle" aria-hidden="true" />
      <SourceLink source={source} className="min-w-0 truncate text-fg hover:underline">
        {sourceTitle(source)}
      </SourceLink>
      <span className="shrink-0 text-xs text-muted max-sm:hidden">{sourceSite(source)}</span>
      <span
        className={clsx(
          "shrink-0 rounded-full px-1.5 py-0.5 text-xs font-medium",
          source.status === "read" && "bg-success-soft text-success",
          source.status === "found" && "bg-surface-2 text-muted",
          source.status === "failed" && "bg-danger-soft text-danger",
        )}
        title={source.reason ?? undefined}
      >
        {sourceStatus(source.status)}
      </span>
    </li>
  );
}

/**
 * The plan as it runs: each question with its stage and notes, its steps and its sources as they
 * arrive; then the steps of the whole run (plan, reflect, report).
 */
export function ResearchPlanProgress({
  view,
  planned,
}: {
  view: ResearchView;
  /** The item's sub-questions, shown waiting until the run's own list arrives. */
  planned: readonly string[];
}) {
  const questions =
    view.questions.length > 0
      ? view.questions
      : planned.map((text, i) => ({ id: i + 1, text, origin: "plan" as const }));
  const runSteps = view.steps.filter((step) => step.question === null);
  const t = useT();
  return (
    <section aria-labelledby="research-live-plan" className="grid grid-cols-1 gap-3">
      <h2 id="research-live-plan" className="text-base font-semibold">
        {t("research.planHeading")}
      </h2>
      {questions.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <CircleDashed className="size-4" aria-hidden="true" /> {t("research.planning")}
        </p>
      ) : null}
      <ol className="grid grid-cols-1 gap-3">
        {questions.map((question) => {
          const stage = questionStage(view, question.id);
          const steps = view.steps.filter((step) => step.question === question.id);
          const sources = view.sources.filter((source) => source.question === question.id);
          const notes = noteCount(view, question.id);
          return (
            <li
              key={question.id}
              data-testid="research-question-row"
              data-stage={stage}
              className="rounded-xl border border-border bg-surface p-3"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="min-w-0 font-medium break-words">
                  <span className="text-subtle tabular-nums">{question.id}. </span>
                  <span dir="auto">{question.text}</span>
                  {question.origin === "follow-up" ? (
                    <span className="ml-2 text-xs font-normal text-muted">
                      {t("research.followUp")}
                    </span>
                  ) : null}
                </p>
                <span className="flex shrink-0 items-center gap-2 text-xs">
                  <span className="text-muted tabular-nums" data-testid="research-note-count">
                    {t("research.notes", { count: notes })}
                  </span>
                  <span
                    className={clsx("rounded-full px-2 py-0.5 font-medium", STAGE_STYLES[stage])}
                  >
                    {t(`research.stage.${stage}` as MessageId)}
                  </span>
                </span>
              </div>
              {steps.length > 0 ? (
                <ul className="mt-2 grid gap-1">
                  {steps.map((step) => (
                    <StepRow key={step.id} step={step} />
                  ))}
                </ul>
              ) : null}
              {sources.length > 0 ? (
                <ul className="mt-2 grid gap-1 border-t border-border pt-2">
                  {sources.map((source) => (
                    <LiveSource key={source.id} source={source} />
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      {runSteps.length > 0 ? (
        <ul className="grid gap-1" aria-label={t("research.runSteps")}>
          {runSteps.map((step) => (
            <StepRow key={step.id} step={step} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
