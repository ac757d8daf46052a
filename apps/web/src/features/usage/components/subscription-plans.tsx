import type { AccountTier, Tier, TierLimits } from "@nexus/contracts";
import { clsx } from "clsx";
import { ArrowRight, Check, Crown, X } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { paths } from "@/config/paths.ts";
import { formatHistoryKept, formatLimit } from "@/lib/format.ts";
import { t, useT } from "@/lib/i18n/i18n.ts";
import { useTierLimits } from "../api/get-tier-limits.ts";

const PLANS: ReadonlyArray<{ tier: AccountTier & ("free" | "pro") }> = [
  { tier: "free" },
  { tier: "pro" },
];

/** The server's limits for the tier (its operator may set them); "…" until they arrive. */
function features(limits: TierLimits | undefined): Array<{ label: string; value: string }> {
  if (!limits) {
    return [
      t("plans.searches"),
      t("plans.uploads"),
      t("plans.agentChats"),
      t("plans.historyKept"),
    ].map((label) => ({ label, value: "…" }));
  }
  return [
    { label: t("plans.searches"), value: formatLimit(limits.search) },
    { label: t("plans.uploads"), value: formatLimit(limits.addFiles) },
    { label: t("plans.agentChats"), value: formatLimit(limits.agentUsage) },
    { label: t("plans.historyKept"), value: formatHistoryKept(limits, false) },
  ];
}

/** Close goes back in browser history, or to /app when there is nothing to go back to. */
function useClose() {
  const navigate = useNavigate();
  return () => {
    const state: unknown = window.history.state;
    const index =
      state && typeof state === "object" && "idx" in state && typeof state.idx === "number"
        ? state.idx
        : 0;
    if (index > 0) navigate(-1);
    else navigate(paths.app.root.href(), { replace: true });
  };
}

/** Free vs Pro with the limits this server enforces (GET /api/usage/limits), the current plan marked. */
export function SubscriptionPlans({ currentTier }: { currentTier: Tier }) {
  useT();
  const close = useClose();
  const limits = useTierLimits();
  return (
    <div className="relative mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
      <title>{t("plans.metaTitle")}</title>
      <button
        type="button"
        aria-label={t("plans.close")}
        data-testid="plans-close"
        onClick={close}
        className="absolute end-4 top-6 inline-flex size-10 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface-2 hover:text-fg sm:end-6"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
      <div className="mx-auto max-w-xl pt-6 text-center">
        <h1 className="text-3xl font-semibold tracking-tight">{t("plans.title")}</h1>
        <p className="mt-3 text-muted">{t("plans.intro")}</p>
      </div>
      {limits.isError ? (
        <p role="alert" className="mt-6 text-center text-sm text-danger">
          {t("plans.loadFailed")} {limits.error.message}
        </p>
      ) : null}
      <ul className="mt-10 grid gap-4 md:grid-cols-2">
        {PLANS.map((plan) => {
          const current = plan.tier === currentTier;
          const pro = plan.tier === "pro";
          return (
            <li
              key={plan.tier}
              data-testid={`plan-${plan.tier}`}
              data-current={current}
              aria-current={current ? "true" : undefined}
              className={clsx(
                "flex flex-col rounded-2xl border bg-surface p-6 shadow-xs",
                current ? "border-accent ring-1 ring-accent" : "border-border",
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <h2 className="flex items-center gap-2 text-lg font-semibold">
                  {pro ? <Crown className="size-5 text-accent" aria-hidden="true" /> : null}
                  {t(`plans.${plan.tier}.name`)}
                </h2>
                {current ? (
                  <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-accent-fg">
                    {t("plans.current")}
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-sm text-muted">{t(`plans.${plan.tier}.blurb`)}</p>
              <dl className="mt-6 flex flex-1 flex-col gap-3 text-sm">
                {features(limits.data?.limits[plan.tier]).map((feature) => (
                  <div key={feature.label} className="flex items-center justify-between gap-4">
                    <dt className="flex items-center gap-2 text-muted">
                      <Check className="size-4 text-accent" aria-hidden="true" />
                      {feature.label}
                    </dt>
                    <dd className="font-medium tabular-nums">{feature.value}</dd>
                  </div>
                ))}
              </dl>
              {pro && !current ? (
                <Link
                  to={paths.bookDemo.href()}
                  className={buttonClasses({ className: "mt-8 w-full" })}
                >
                  {t("plans.askPro")}
                  <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
                </Link>
              ) : (
                <p className="mt-8 rounded-lg bg-surface-2 px-3 py-2.5 text-center text-sm text-muted">
                  {current ? t("plans.onThisPlan") : t("plans.included")}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
