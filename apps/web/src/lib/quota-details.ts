import type { QuotaExceededDetails } from "@nexus/contracts";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

const TIERS = ["anonymous", "free", "pro"] as const;
const UPGRADES = ["sign-in", "plans"] as const;
const COUNTERS = ["search", "addFiles", "agentUsage"] as const;

/**
 * Reads a 429 quota_exceeded's details without bringing zod into the page (answers and agents
 * alike). A server from before the counter was named refused searches only.
 */
export function parseQuotaDetails(value: unknown): QuotaExceededDetails | null {
  if (!isRecord(value)) return null;
  const { counter, limit, current, tier, resetsAt, upgrade } = value;
  if (typeof limit !== "number" || typeof current !== "number") return null;
  const knownTier = TIERS.find((t) => t === tier);
  if (!knownTier || typeof resetsAt !== "string") return null;
  const knownUpgrade = UPGRADES.find((u) => u === upgrade) ?? null;
  const knownCounter = COUNTERS.find((c) => c === counter) ?? "search";
  return {
    counter: knownCounter,
    limit,
    current,
    tier: knownTier,
    resetsAt,
    upgrade: knownUpgrade,
  };
}
