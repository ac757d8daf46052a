import { TIER_LIMITS, type Tier } from "@nexus/contracts";
import { clsx } from "clsx";
import { Check } from "lucide-react";
import { buttonClasses } from "@/components/ui/button.tsx";
import { NavAnchor, type NavigateFn } from "@/components/ui/nav-anchor.tsx";
import { paths } from "@/config/paths.ts";
import { formatHistoryKept, formatLimit, perPeriod } from "@/lib/format.ts";

const PLANS: ReadonlyArray<{
  tier: Tier;
  name: string;
  price: string;
  blurb: string;
  cta: { label: string; href: string };
}> = [
  {
    tier: "anonymous",
    name: "Guest",
    price: "No account",
    blurb: "Search right away, nothing to sign up for.",
    cta: { label: "Start searching", href: paths.app.root.href() },
  },
  {
    tier: "free",
    name: "Free",
    price: "Free",
    blurb: "Sign in by e-mail link to keep your work.",
    cta: { label: "Get started", href: paths.app.root.href() },
  },
  {
    tier: "pro",
    name: "Pro",
    price: "By arrangement",
    blurb: "For heavy use. Granted by your Nexus administrator.",
    cta: { label: "Book a demo", href: paths.bookDemo.href() },
  },
];

function rows(tier: Tier): string[] {
  const limits = TIER_LIMITS[tier];
  const period = perPeriod(limits);
  if (tier === "anonymous") {
    return [
      `${formatLimit(limits.search)} searches ${period}`,
      "History not kept",
      "Files, agents and library need an account",
    ];
  }
  return [
    `${formatLimit(limits.search)} searches ${period}`,
    `${formatLimit(limits.addFiles)} file uploads ${period}`,
    `${formatLimit(limits.agentUsage)} agent chats ${period}`,
    `History kept: ${formatHistoryKept(limits, false).toLowerCase()}`,
  ];
}

/** Plans and their limits, straight from TIER_LIMITS. */
export function PricingSection({ onNavigate }: { onNavigate?: NavigateFn }) {
  return (
    <section aria-labelledby="pricing-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="pricing-heading" className="text-3xl font-semibold tracking-tight">
          Simple limits, clearly stated
        </h2>
        <p className="mt-3 text-muted">
          Limits reset every day for guests and every month for accounts.
        </p>
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
              <h3 className="font-semibold">{plan.name}</h3>
              <p className="mt-2 text-2xl font-semibold tracking-tight">{plan.price}</p>
              <p className="mt-1 text-sm text-muted">{plan.blurb}</p>
              <ul className="mt-6 flex flex-1 flex-col gap-2.5 text-sm">
                {rows(plan.tier).map((row) => (
                  <li key={row} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                    {row}
                  </li>
                ))}
              </ul>
              <NavAnchor
                href={plan.cta.href}
                onNavigate={onNavigate}
                className={buttonClasses({
                  variant: featured ? "primary" : "outline",
                  className: "mt-8 w-full",
                })}
              >
                {plan.cta.label}
              </NavAnchor>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
