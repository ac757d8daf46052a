import { TIER_LIMITS, type Tier } from "@nexus/contracts";
import { clsx } from "clsx";
import { Check } from "lucide-react";
import { buttonClasses } from "@/components/ui/button.tsx";
import { NavAnchor, type NavigateFn } from "@/components/ui/nav-anchor.tsx";
import { paths } from "@/config/paths.ts";
import { t, useT } from "@/lib/i18n/i18n.ts";

const PLANS: ReadonlyArray<{ tier: Tier; id: "guest" | "free" | "pro"; href: string }> = [
  { tier: "anonymous", id: "guest", href: paths.app.root.href() },
  { tier: "free", id: "free", href: paths.app.root.href() },
  { tier: "pro", id: "pro", href: paths.bookDemo.href() },
];

/** A plan's limits (0: unlimited, spec §9) in the interface's language. */
function rows(tier: Tier): string[] {
  const limits = TIER_LIMITS[tier];
  const period = limits.period;
  if (tier === "anonymous") {
    return [
      t("landing.pricing.searches", { count: limits.search, period }),
      t("landing.pricing.historyNotKept"),
      t("landing.pricing.needAccount"),
    ];
  }
  return [
    t("landing.pricing.searches", { count: limits.search, period }),
    t("landing.pricing.uploads", { count: limits.addFiles, period }),
    t("landing.pricing.agentChats", { count: limits.agentUsage, period }),
    t("landing.pricing.historyKept", { count: limits.maxChats }),
  ];
}

/** Plans and their limits, straight from TIER_LIMITS. */
export function PricingSection({ onNavigate }: { onNavigate?: NavigateFn }) {
  useT();
  return (
    <section aria-labelledby="pricing-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="pricing-heading" className="text-3xl font-semibold tracking-tight">
          {t("landing.pricing.title")}
        </h2>
        <p className="mt-3 text-muted">{t("landing.pricing.intro")}</p>
      </div>
      <ul className="mt-12 grid gap-4 lg:grid-cols-3">
        {PLANS.map((plan) => {
          const featured = plan.tier === "free";
          return (
            <li
              key={plan.tier}
              data-testid={`pricing-${plan.tier}`}
              className={clsx(
                "flex flex-col rounded-2xl border bg-surface p-6 shadow-xs",
                featured ? "border-accent ring-1 ring-accent" : "border-border",
              )}
            >
              <h3 className="font-semibold">{t(`landing.pricing.${plan.id}.name`)}</h3>
              <p className="mt-2 text-2xl font-semibold tracking-tight">
                {t(`landing.pricing.${plan.id}.price`)}
              </p>
              <p className="mt-1 text-sm text-muted">{t(`landing.pricing.${plan.id}.blurb`)}</p>
              <ul className="mt-6 flex flex-1 flex-col gap-2.5 text-sm">
                {rows(plan.tier).map((row) => (
                  <li key={row} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                    {row}
                  </li>
                ))}
              </ul>
              <NavAnchor
                href={plan.href}
                onNavigate={onNavigate}
                className={buttonClasses({
                  variant: featured ? "primary" : "outline",
                  className: "mt-8 w-full",
                })}
              >
                {plan.id === "pro" ? t("footer.bookDemo") : t(`landing.pricing.${plan.id}.cta`)}
              </NavAnchor>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
