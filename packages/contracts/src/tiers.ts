import { z } from "zod";

export const TIERS = ["anonymous", "free", "pro"] as const;
export const tierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof tierSchema>;

/** Tiers an account can hold (anonymous is the absence of an account). */
export const ACCOUNT_TIERS = ["free", "pro"] as const;
export const accountTierSchema = z.enum(ACCOUNT_TIERS);
export type AccountTier = z.infer<typeof accountTierSchema>;

export const USAGE_COUNTERS = ["search", "addFiles", "agentUsage"] as const;
export const usageCounterSchema = z.enum(USAGE_COUNTERS);
export type UsageCounter = z.infer<typeof usageCounterSchema>;

/** What a counter counts, as the person reads it ("2 agent chats left this month"). */
export const USAGE_COUNTER_NOUNS: Readonly<Record<UsageCounter, { one: string; many: string }>> = {
  search: { one: "search", many: "searches" },
  addFiles: { one: "file upload", many: "file uploads" },
  agentUsage: { one: "agent chat", many: "agent chats" },
};

export type UsagePeriod = "daily" | "monthly";

export interface TierLimits {
  period: UsagePeriod;
  search: number;
  addFiles: number;
  agentUsage: number;
  /** History threads kept; 0 means no cap for paying tiers, none kept for anonymous. */
  maxChats: number;
}

/** Spec §9. A limit of 0 is unlimited for the allowed check. */
export const TIER_LIMITS: Readonly<Record<Tier, TierLimits>> = {
  anonymous: { period: "daily", search: 100, addFiles: 0, agentUsage: 0, maxChats: 0 },
  free: { period: "monthly", search: 300, addFiles: 30, agentUsage: 5, maxChats: 500 },
  pro: { period: "monthly", search: 30000, addFiles: 500, agentUsage: 5000, maxChats: 0 },
};

/** allowed when current is below the limit or the limit is 0 (spec §9). */
export function isAllowed(current: number, limit: number): boolean {
  return limit === 0 || current < limit;
}

/** The counter period key: YYYY-MM-DD (daily) or YYYY-MM (monthly), in UTC. */
export function periodKey(period: UsagePeriod, at: Date): string {
  const iso = at.toISOString();
  return period === "daily" ? iso.slice(0, 10) : iso.slice(0, 7);
}

/** When the current period ends (UTC midnight of the next day or the 1st of the next month). */
export function periodResetsAt(period: UsagePeriod, at: Date): Date {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const d = at.getUTCDate();
  return period === "daily" ? new Date(Date.UTC(y, m, d + 1)) : new Date(Date.UTC(y, m + 1, 1));
}

export const usageCheckSchema = z.object({
  allowed: z.boolean(),
  current: z.number().int(),
  limit: z.number().int(),
  tier: tierSchema,
});
export type UsageCheck = z.infer<typeof usageCheckSchema>;

export const usageSummarySchema = z.object({
  tier: tierSchema,
  period: z.enum(["daily", "monthly"]),
  periodKey: z.string(),
  resetsAt: z.string(),
  counters: z.object({
    search: z.object({ current: z.number().int(), limit: z.number().int() }),
    addFiles: z.object({ current: z.number().int(), limit: z.number().int() }),
    agentUsage: z.object({ current: z.number().int(), limit: z.number().int() }),
  }),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;

/** Counter names TIER_LIMITS accepts (the short ones are aliases). */
const LIMIT_KEYS: Readonly<Record<string, keyof Omit<TierLimits, "period">>> = {
  search: "search",
  addFiles: "addFiles",
  files: "addFiles",
  agentUsage: "agentUsage",
  agent: "agentUsage",
  maxChats: "maxChats",
  chats: "maxChats",
};

export type TierLimitsTable = Readonly<Record<Tier, TierLimits>>;

/**
 * The operator's tier limits: `tier.counter=number` pairs, comma-separated (e.g.
 * `free.agent=20,pro.search=1000`), over the spec's defaults. Counters: search, addFiles (files),
 * agentUsage (agent), maxChats (chats); 0 = unlimited. Every bad pair is reported.
 */
export function parseTierLimits(
  value: string,
): { ok: true; limits: TierLimitsTable } | { ok: false; errors: string[] } {
  const limits: Record<Tier, TierLimits> = {
    anonymous: { ...TIER_LIMITS.anonymous },
    free: { ...TIER_LIMITS.free },
    pro: { ...TIER_LIMITS.pro },
  };
  const errors: string[] = [];
  for (const pair of value.split(",").map((p) => p.trim())) {
    if (pair === "") continue;
    const match = /^([A-Za-z]+)\.([A-Za-z]+)=(\d{1,9})$/.exec(pair);
    const tier = tierSchema.safeParse(match?.[1]);
    const key = match?.[2] !== undefined ? LIMIT_KEYS[match[2]] : undefined;
    if (!match || !tier.success || key === undefined) {
      errors.push(
        `"${pair}" is not tier.counter=number (tiers: ${TIERS.join(", ")}; counters: ${Object.keys(LIMIT_KEYS).join(", ")})`,
      );
      continue;
    }
    limits[tier.data][key] = Number(match[3]);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, limits };
}

export const tierLimitsSchema = z.object({
  period: z.enum(["daily", "monthly"]),
  search: z.number().int(),
  addFiles: z.number().int(),
  agentUsage: z.number().int(),
  maxChats: z.number().int(),
});

/** GET /api/usage/limits: the limits this server enforces, per tier. */
export const tierLimitsResponseSchema = z.object({
  limits: z.object({ anonymous: tierLimitsSchema, free: tierLimitsSchema, pro: tierLimitsSchema }),
});
export type TierLimitsResponse = z.infer<typeof tierLimitsResponseSchema>;
