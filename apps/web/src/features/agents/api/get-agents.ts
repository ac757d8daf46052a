import type { AgentsResponse } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { earlyPaths, takeArrived, takeEarly } from "@/lib/early-requests.ts";

/** Query keys of the agents area (dropped with the rest on sign-out). */
export const agentKeys = {
  all: ["agents"] as const,
  catalogue: () => [...agentKeys.all, "catalogue"] as const,
};

/** GET /api/agents (signed in): the preset catalogue, and the caller's recently used agents. */
export function getAgents(signal?: AbortSignal): Promise<AgentsResponse> {
  return (
    takeEarly<AgentsResponse>(earlyPaths.agents) ??
    apiRequest<AgentsResponse>(earlyPaths.agents, signal ? { signal } : {})
  );
}

export function agentsQueryOptions() {
  return queryOptions({
    queryKey: agentKeys.catalogue(),
    queryFn: ({ signal }) => getAgents(signal),
    initialData: () => takeArrived<AgentsResponse>(earlyPaths.agents),
    staleTime: 60_000,
  });
}

export function useAgents() {
  return useQuery(agentsQueryOptions());
}
