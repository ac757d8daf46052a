import {
  RESEARCH_QUESTION_MAX,
  type ResearchDepth,
  type ResearchPlan,
  type ResearchSources,
} from "@nexus/contracts";
import { ArrowLeft, ArrowUpRight, ListChecks, Play, Telescope } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { QuotaCard } from "@/components/chat/quota-card.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { Page } from "@/components/ui/page.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { chatQuotaOf } from "@/lib/chat/chat-fetch.ts";
import { t as translate, useT } from "@/lib/i18n/i18n.ts";
import { useSession } from "@/lib/session.tsx";
import { usePlanResearch, useStartResearch } from "../api/research.ts";
import { cleanPlan, PlanEditor } from "./plan-editor.tsx";
import { depthLockReason, ResearchOptions } from "./research-options.tsx";

/** The quota wall's word on research: its unit, and when it is given back. */
export const researchQuotaNote = () => translate("research.quotaNote");

/**
 * Questions the built-in knowledge base can research, even with no model (the knowledge base is
 * English: so are they, in every language).
 */
export const RESEARCH_EXAMPLES = [
  "How does Nexus handle my files, and what are the limits of the free plan?",
  "What can Nexus agents do, and how do they count against my quota?",
  "How do share links work in Nexus, and how can I revoke one?",
  "How do I self-host Nexus with SearXNG and a local model?",
] as const;

/**
 * /app/agents/deepresearch: the question, depth and sources; a plan to edit, or start at once.
 * `quotaLeft`: what the person has left of the counter a run uses, shown before they start (the
 * route fills it from the usage feature).
 */
export function ResearchStart({ quotaLeft }: { quotaLeft?: ReactNode } = {}) {
  const t = useT();
  const { tier } = useSession();
  const navigate = useNavigate();
  const questionId = useId();
  const [question, setQuestion] = useState("");
  const [depth, setDepth] = useState<ResearchDepth>("standard");
  const [sources, setSources] = useState<ResearchSources>("both");
  const [plan, setPlan] = useState<ResearchPlan | null>(null);
  const [edited, setEdited] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const planning = usePlanResearch();
  const starting = useStartResearch();

  const trimmed = question.trim();
  const check = (): boolean => {
    const problem =
      trimmed === ""
        ? t("research.questionRequired")
        : trimmed.length > RESEARCH_QUESTION_MAX
          ? t("research.questionTooLong", { max: RESEARCH_QUESTION_MAX })
          : depthLockReason(depth, tier);
    setInvalid(problem);
    return problem === null;
  };

  const makePlan = (event?: FormEvent) => {
    event?.preventDefault();
    if (!check()) return;
    starting.reset();
    planning.mutate(
      { question: trimmed, depth, sources },
      {
        onSuccess: (next) => {
          setPlan(next);
          setEdited(next.subQuestions);
        },
      },
    );
  };

  const start = (withPlan: boolean) => {
    if (!check()) return;
    const subQuestions = cleanPlan(edited);
    if (withPlan && subQuestions.length === 0) {
      setInvalid(t("research.planEmpty"));
      return;
    }
    starting.mutate(
      { question: trimmed, depth, sources, ...(withPlan ? { subQuestions } : {}) },
      { onSuccess: (item) => navigate(paths.app.deepResearch.href(item.threadId)) },
    );
  };

  // Planning and starting meet the same wall: one quota card.
  const quota = chatQuotaOf(starting.error) ?? chatQuotaOf(planning.error);
  const busy = planning.isPending || starting.isPending;
  const changeQuestion = (value: string) => {
    setQuestion(value);
    setInvalid(null);
    // A plan belongs to its question: asking something else asks for a new plan.
    setPlan(null);
  };

  return (
    <Page
      title={t("research.title")}
      description={t("research.description")}
      actions={
        <>
          <Link
            to={paths.app.deepResearchResults.href()}
            data-testid="research-results-link"
            className={buttonClasses({ variant: "outline", size: "sm" })}
          >
            <ListChecks className="size-4" aria-hidden="true" />
            {t("research.yours")}
          </Link>
          <Link
            to={paths.app.agents.href()}
            className={buttonClasses({ variant: "ghost", size: "sm" })}
          >
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t("research.allAgents")}
          </Link>
        </>
      }
    >
      <form onSubmit={makePlan} noValidate className="grid gap-6" data-testid="research-start">
        <div className="grid gap-1.5">
          <label htmlFor={questionId} className="text-sm font-medium">
            {t("research.question")}
          </label>
          <textarea
            id={questionId}
            dir="auto"
            data-testid="research-question"
            value={question}
            rows={3}
            maxLength={RESEARCH_QUESTION_MAX + 1}
            aria-invalid={invalid !== null && trimmed === "" ? true : undefined}
            aria-describedby={invalid ? `${questionId}-error` : undefined}
            placeholder={t("research.questionPlaceholder")}
            onChange={(event) => changeQuestion(event.target.value)}
            className="min-h-24 w-full rounded-xl border border-border bg-surface px-3 py-2.5 text-base text-fg shadow-xs transition-colors placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 aria-invalid:border-danger"
          />
          {invalid ? (
            <p
              id={`${questionId}-error`}
              role="alert"
              data-testid="research-invalid"
              className="text-sm text-danger"
            >
              {invalid}
            </p>
          ) : null}
        </div>

        {trimmed === "" ? (
          <section aria-labelledby="research-examples-heading">
            <h2 id="research-examples-heading" className="text-sm font-medium text-muted">
              {t("research.examples")}
            </h2>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {RESEARCH_EXAMPLES.map((example) => (
                <li key={example} className="flex">
                  <button
                    type="button"
                    data-testid="research-example"
                    onClick={() => changeQuestion(example)}
                    className="flex h-full w-full items-center justify-between gap-2 rounded-xl border border-border bg-surface px-3 py-2.5 text-left text-sm text-fg transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    <span className="min-w-0" dir="auto">
                      {example}
                    </span>
                    <ArrowUpRight
                      className="size-4 shrink-0 text-subtle rtl:-scale-x-100"
                      aria-hidden="true"
                    />
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <ResearchOptions
          depth={depth}
          sources={sources}
          tier={tier}
          onDepth={(value) => {
            setDepth(value);
            setPlan(null);
          }}
          onSources={(value) => {
            setSources(value);
            setPlan(null);
          }}
        />

        {plan ? <PlanEditor plan={edited} offline={plan.offline} onChange={setEdited} /> : null}

        {planning.error && !chatQuotaOf(planning.error) ? (
          <Alert kind="error">
            {t("research.planFailed", { message: errorMessage(planning.error) })}
          </Alert>
        ) : null}
        {quota ? (
          <QuotaCard quota={quota} onSignIn={undefined} note={t("research.quotaNote")} />
        ) : starting.error ? (
          <Alert kind="error">
            {t("research.startFailed", { message: errorMessage(starting.error) })}
          </Alert>
        ) : null}

        <div className="flex flex-wrap items-center gap-2">
          {plan ? (
            <Button data-testid="research-start-plan" disabled={busy} onClick={() => start(true)}>
              {starting.isPending ? <Spinner /> : <Play className="size-4" aria-hidden="true" />}
              {t("research.start")}
            </Button>
          ) : (
            <Button type="submit" data-testid="research-make-plan" disabled={busy}>
              {planning.isPending ? (
                <Spinner />
              ) : (
                <Telescope className="size-4" aria-hidden="true" />
              )}
              {t("research.plan")}
            </Button>
          )}
          <Button
            variant="outline"
            data-testid="research-start-now"
            disabled={busy}
            onClick={() => start(false)}
          >
            {plan ? t("research.startWithoutPlan") : t("research.startNow")}
          </Button>
          {plan ? (
            <Button variant="ghost" disabled={busy} onClick={() => makePlan()}>
              {t("research.planAgain")}
            </Button>
          ) : null}
        </div>
        {quotaLeft}
      </form>
    </Page>
  );
}
