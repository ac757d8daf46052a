import type { TierLimitsResponse } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { usageKeys } from "@/lib/query-keys.ts";

/** GET /api/usage/limits: the limits this server enforces (its operator may set them). */
export function getTierLimits(signal?: AbortSignal): Promise<TierLimitsResponse> {
  return apiRequest<TierLimitsResponse>("/usage/limits", signal ? { signal } : {});
}

export function tierLimitsQueryOptions() {
  return queryOptions({
    queryKey: usageKeys.limits,
    queryFn: ({ signal }) => getTierLimits(signal),
    staleTime: 5 * 60_000,
  });
}

export function useTierLimits() {
  return useQuery(tierLimitsQueryOptions());
}
