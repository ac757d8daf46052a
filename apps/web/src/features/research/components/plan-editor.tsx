import { RESEARCH_PLAN_MAX, RESEARCH_SUB_QUESTION_MAX } from "@nexus/contracts";
import { Plus, X } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button.tsx";
import { inputClasses } from "@/components/ui/text-field.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** The sub-questions kept once edited: trimmed, the empty ones dropped. */
export function cleanPlan(plan: readonly string[]): string[] {
  return plan.map((question) => question.trim()).filter((question) => question !== "");
}

/**
 * The research plan as an editable list: each sub-question a field, removable; "Add a question"
 * up to RESEARCH_PLAN_MAX.
 */
export function PlanEditor({
  plan,
  offline,
  onChange,
}: {
  plan: readonly string[];
  offline: boolean;
  onChange: (plan: string[]) => void;
}) {
  const t = useT();
  const listRef = useRef<HTMLOListElement>(null);
  const focusField = (index: number) =>
    requestAnimationFrame(() =>
      listRef.current?.querySelectorAll<HTMLInputElement>("input")[index]?.focus(),
    );
  const full = plan.length >= RESEARCH_PLAN_MAX;
  return (
    <section aria-labelledby="research-plan-heading" data-testid="research-plan">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="research-plan-heading" className="text-base font-semibold">
          {t("research.plan.title")}
        </h2>
        <p className="text-xs text-muted">
          {t("research.plan.count", { count: plan.length, max: RESEARCH_PLAN_MAX })}
          {offline ? ` · ${t("research.plan.offline")}` : ""}
        </p>
      </div>
      <p className="mt-1 text-sm text-muted">{t("research.plan.hint")}</p>
      <ol ref={listRef} className="mt-3 grid gap-2">
        {plan.map((question, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the fields are positions in the plan; editing one keeps its place
          <li key={index} className="flex items-center gap-2">
            <span className="w-5 shrink-0 text-right text-sm text-subtle tabular-nums">
              {index + 1}.
            </span>
            <input
              value={question}
              maxLength={RESEARCH_SUB_QUESTION_MAX}
              aria-label={t("research.plan.question", { n: index + 1 })}
              data-testid="research-plan-question"
              dir="auto"
              onChange={(event) =>
                onChange(plan.map((q, i) => (i === index ? event.target.value : q)))
              }
              className={inputClasses}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("research.plan.remove", { n: index + 1 })}
              data-testid="research-plan-remove"
              onClick={() => {
                onChange(plan.filter((_, i) => i !== index));
                focusField(Math.max(0, index - 1));
              }}
            >
              <X className="size-4" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        disabled={full}
        data-testid="research-plan-add"
        onClick={() => {
          onChange([...plan, ""]);
          focusField(plan.length);
        }}
      >
        <Plus className="size-4" aria-hidden="true" />
        {full ? t("research.plan.full", { max: RESEARCH_PLAN_MAX }) : t("research.plan.add")}
      </Button>
    </section>
  );
}
