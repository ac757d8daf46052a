import type { AgentsResponse, AgentThreadResponse } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { earlyPaths, takeArrived, takeEarly } from "@/lib/early-requests.ts";

/** Query keys of the agents area (dropped with the rest on sign-out). */
export const agentKeys = {
  all: ["agents"] as const,
  catalogue: () => [...agentKeys.all, "catalogue"] as const,
  thread: (agentId: string, threadId: string) =>
    [...agentKeys.all, "thread", agentId, threadId] as const,
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

/** GET /api/agents/:agentId/threads/:threadId: one of the caller's conversations, oldest turn first. */
export function getAgentThread(
  agentId: string,
  threadId: string,
  signal?: AbortSignal,
): Promise<AgentThreadResponse> {
  const path = earlyPaths.agentThread(agentId, threadId);
  return (
    takeEarly<AgentThreadResponse>(path) ??
    apiRequest<AgentThreadResponse>(path, signal ? { signal } : {})
  );
}

export function useAgentThread(agentId: string, threadId: string, enabled: boolean) {
  return useQuery({
    queryKey: agentKeys.thread(agentId, threadId),
    queryFn: ({ signal }) => getAgentThread(agentId, threadId, signal),
    initialData: () =>
      enabled
        ? takeArrived<AgentThreadResponse>(earlyPaths.agentThread(agentId, threadId))
        : undefined,
    enabled,
    // The live chat takes over once loaded: the copy here only seeds it.
    staleTime: Number.POSITIVE_INFINITY,
    // A conversation that is not there (or not the caller's) will not appear by asking again.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}

/** The conversation does not exist for this caller (not found, someone else's, another agent's). */
export function isAgentThreadMissing(error: unknown): boolean {
  return error instanceof ApiError && [403, 404].includes(error.status);
}
