import type { Tier } from "@nexus/contracts";
import { clsx } from "clsx";
import { Crown } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";

export const TIER_LABELS: Readonly<Record<Tier, string>> = {
  anonymous: "Anonymous",
  free: "Free",
  pro: "Pro",
};

export function TierBadge({
  tier,
  className,
  testId,
}: {
  tier: Tier;
  className?: string;
  testId?: string;
}) {
  const t = useT();
  return (
    <span
      data-testid={testId}
      data-tier={tier}
      className={clsx(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium",
        tier === "pro" ? "bg-accent text-accent-fg" : "bg-accent-soft text-accent-soft-fg",
        className,
      )}
    >
      {tier === "pro" ? <Crown className="size-3" aria-hidden="true" /> : null}
      {t(`tier.${tier}`)}
    </span>
  );
}
