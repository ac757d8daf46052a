import type { UsageSummary } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { usageKeys } from "@/lib/query-keys.ts";

/** GET /api/usage: the caller's counters for the current period. */
export function getUsage(signal?: AbortSignal): Promise<UsageSummary> {
  return apiRequest<UsageSummary>("/usage", signal ? { signal } : {});
}

export function usageQueryOptions() {
  return queryOptions({ queryKey: usageKeys.all, queryFn: ({ signal }) => getUsage(signal) });
}

export function useUsage() {
  return useQuery(usageQueryOptions());
}
