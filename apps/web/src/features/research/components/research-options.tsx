import {
  depthAllowed,
  RESEARCH_BUDGETS,
  RESEARCH_DEPTHS,
  RESEARCH_SOURCE_CHOICES,
  type ResearchDepth,
  type ResearchSources,
  type Tier,
} from "@nexus/contracts";
import { clsx } from "clsx";
import { useId } from "react";
import { type MessageId, t, useT } from "@/lib/i18n/i18n.ts";

/** A depth's name and what it does, in the interface's language. */
export function depthLabel(depth: ResearchDepth): { label: string; about: string } {
  return {
    label: t(`research.depth.${depth}` as MessageId),
    about: t(`research.depth.${depth}.about` as MessageId),
  };
}

/** A choice of sources' name and what it reads, in the interface's language. */
export function sourcesLabel(sources: ResearchSources): { label: string; about: string } {
  return {
    label: t(`research.sources.${sources}` as MessageId),
    about: t(`research.sources.${sources}.about` as MessageId),
  };
}

function budgetLine(depth: ResearchDepth): string {
  const b = RESEARCH_BUDGETS[depth];
  return t("research.budgetLine", {
    questions: b.subQuestions,
    pages: b.pages,
    minutes: Math.round(b.wallMs / 60_000),
  });
}

/** Why a depth is not offered to this tier (null: it is). */
export function depthLockReason(depth: ResearchDepth, tier: Tier): string | null {
  const accountTier = tier === "pro" ? "pro" : "free";
  return depthAllowed(depth, accountTier) ? null : t("research.depthLocked");
}

function RadioCard({
  name,
  value,
  checked,
  disabled,
  label,
  about,
  badge,
  describedBy,
  onChange,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  label: string;
  about: string;
  badge?: string;
  describedBy?: string;
  onChange: () => void;
}) {
  return (
    <label
      data-testid={`research-${name}-${value}`}
      className={clsx(
        "flex cursor-pointer flex-col gap-0.5 rounded-xl border px-3 py-2.5 text-sm transition-colors",
        "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring",
        checked ? "border-accent bg-accent/10" : "border-border bg-surface hover:bg-surface-2",
        disabled && "cursor-not-allowed opacity-60 hover:bg-surface",
      )}
    >
      <span className="flex items-center gap-2">
        <input
          type="radio"
          name={name}
          value={value}
          checked={checked}
          disabled={disabled}
          onChange={onChange}
          aria-describedby={describedBy}
          className="accent-accent"
        />
        <span className="font-medium text-fg">{label}</span>
        {badge ? (
          <span className="rounded-full bg-surface-2 px-1.5 py-0.5 text-xs font-semibold text-muted">
            {badge}
          </span>
        ) : null}
      </span>
      <span className="text-xs text-muted">{about}</span>
    </label>
  );
}

/** Depth (thorough: Pro only, with why) and sources, as native radio groups. */
export function ResearchOptions({
  depth,
  sources,
  tier,
  onDepth,
  onSources,
}: {
  depth: ResearchDepth;
  sources: ResearchSources;
  tier: Tier;
  onDepth: (depth: ResearchDepth) => void;
  onSources: (sources: ResearchSources) => void;
}) {
  const t = useT();
  const id = useId();
  const lockId = `${id}-lock`;
  const lock = depthLockReason("thorough", tier);
  return (
    <div className="grid gap-5">
      <fieldset>
        <legend className="text-sm font-medium text-fg">{t("research.depth.legend")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {RESEARCH_DEPTHS.map((value) => {
            const reason = depthLockReason(value, tier);
            return (
              <RadioCard
                key={value}
                name="depth"
                value={value}
                checked={depth === value}
                disabled={reason !== null}
                label={depthLabel(value).label}
                about={t("research.depth.aboutLine", {
                  about: depthLabel(value).about,
                  budget: budgetLine(value),
                })}
                {...(value === "thorough" ? { badge: "Pro" } : {})}
                {...(reason ? { describedBy: lockId } : {})}
                onChange={() => onDepth(value)}
              />
            );
          })}
        </div>
        {lock ? (
          <p id={lockId} data-testid="research-depth-lock" className="mt-2 text-xs text-muted">
            {lock}
          </p>
        ) : null}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-fg">{t("research.sources.legend")}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {RESEARCH_SOURCE_CHOICES.map((value) => (
            <RadioCard
              key={value}
              name="sources"
              value={value}
              checked={sources === value}
              label={sourcesLabel(value).label}
              about={sourcesLabel(value).about}
              onChange={() => onSources(value)}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
