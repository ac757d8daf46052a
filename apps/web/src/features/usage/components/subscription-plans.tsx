import type { AccountTier, Tier, TierLimits } from "@nexus/contracts";
import { clsx } from "clsx";
import { ArrowRight, Check, Crown, X } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { paths } from "@/config/paths.ts";
import { formatHistoryKept, formatLimit } from "@/lib/format.ts";
import { useTierLimits } from "../api/get-tier-limits.ts";

const PLANS: ReadonlyArray<{ tier: AccountTier; name: string; blurb: string }> = [
  { tier: "free", name: "Free", blurb: "Everything you need to get started." },
  { tier: "pro", name: "Pro", blurb: "For heavy research, teams and power users." },
];

/** The server's limits for the tier (its operator may set them); "…" until they arrive. */
function features(limits: TierLimits | undefined): Array<{ label: string; value: string }> {
  if (!limits) {
    return [
      "Searches per month",
      "File uploads per month",
      "Agent chats per month",
      "History kept",
    ].map((label) => ({ label, value: "…" }));
  }
  return [
    { label: "Searches per month", value: formatLimit(limits.search) },
    { label: "File uploads per month", value: formatLimit(limits.addFiles) },
    { label: "Agent chats per month", value: formatLimit(limits.agentUsage) },
    { label: "History kept", value: formatHistoryKept(limits, false) },
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
  const close = useClose();
  const limits = useTierLimits();
  return (
    <div className="relative mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 lg:py-12">
      <title>Plans · Nexus</title>
      <button
        type="button"
        aria-label="Close"
        data-testid="plans-close"
        onClick={close}
        className="absolute top-6 right-4 inline-flex size-10 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface-2 hover:text-fg sm:right-6"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
      <div className="mx-auto max-w-xl pt-6 text-center">
        <h1 className="text-3xl font-semibold tracking-tight">Plans</h1>
        <p className="mt-3 text-muted">
          Pro accounts are granted by the administrator of this Nexus server; there is no payment
          here. Ask for Pro and your request reaches them.
        </p>
      </div>
      {limits.isError ? (
        <p role="alert" className="mt-6 text-center text-sm text-danger">
          The plan limits could not be loaded. {limits.error.message}
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
                  {plan.name}
                </h2>
                {current ? (
                  <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-accent-fg">
                    Current plan
                  </span>
                ) : null}
              </div>
              <p className="mt-1 text-sm text-muted">{plan.blurb}</p>
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
                  Ask for Pro
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              ) : (
                <p className="mt-8 rounded-lg bg-surface-2 px-3 py-2.5 text-center text-sm text-muted">
                  {current ? "You are on this plan." : "Included with every account."}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
