import type {
  CustomAgent,
  CustomAgentExport,
  CustomAgentInput,
  CustomAgentsResponse,
  ImportedCustomAgent,
  SharedAgentPreview,
} from "@nexus/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_BASE_URL } from "@/config/env.ts";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { customAgentKeys } from "@/lib/query-keys.ts";

/** Query keys of custom agents (dropped with the rest on sign-out). */

const base = "/custom-agents";
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export function customAgentsQueryOptions() {
  return queryOptions({
    queryKey: customAgentKeys.list(),
    queryFn: ({ signal }) => apiRequest<CustomAgentsResponse>(base, { signal }),
    staleTime: 30_000,
  });
}

/** GET /api/custom-agents: the caller's own agents and those shared with them. */
export function useCustomAgents() {
  return useQuery(customAgentsQueryOptions());
}

/** One agent out of the list (the caller's own or shared with them); undefined: not theirs. */
export function findCustomAgent(
  data: CustomAgentsResponse | undefined,
  id: string,
): CustomAgent | undefined {
  return data?.own.find((a) => a.id === id) ?? data?.sharedWithMe.find((a) => a.id === id);
}

/**
 * GET /api/custom-agents/:id, asked only when the list does not hold it (a list older than the
 * agent); a 403/404 means it is not there for this caller.
 */
export function useCustomAgent(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...customAgentKeys.all, "one", id] as const,
    queryFn: ({ signal }) => apiRequest<CustomAgent>(one(id), { signal }),
    enabled,
    retry: (failureCount, error) => !isMissing(error) && failureCount < 2,
  });
}

function useListMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customAgentKeys.all }),
  });
}

export const useCreateCustomAgent = () =>
  useListMutation((input: CustomAgentInput) =>
    apiRequest<CustomAgent>(base, { method: "POST", body: input }),
  );

export const useUpdateCustomAgent = () =>
  useListMutation(({ id, input }: { id: string; input: CustomAgentInput }) =>
    apiRequest<CustomAgent>(one(id), { method: "PUT", body: input }),
  );

export const useDeleteCustomAgent = () =>
  useListMutation((id: string) => apiRequest<void>(one(id), { method: "DELETE" }));

export const useDuplicateCustomAgent = () =>
  useListMutation((id: string) =>
    apiRequest<CustomAgent>(`${one(id)}/duplicate`, { method: "POST" }),
  );

export const useShareCustomAgent = () =>
  useListMutation(({ id, share }: { id: string; share: boolean }) =>
    apiRequest<CustomAgent>(`${one(id)}/share`, { method: share ? "POST" : "DELETE" }),
  );

export const useImportCustomAgent = () =>
  useListMutation((exported: unknown) =>
    apiRequest<ImportedCustomAgent>(`${base}/import`, { method: "POST", body: exported }),
  );

export const useAcceptShare = () =>
  useListMutation((token: string) =>
    apiRequest<CustomAgent>(`${base}/shared/${encodeURIComponent(token)}`, { method: "POST" }),
  );

/** GET /api/custom-agents/:id/export. */
export function exportCustomAgent(id: string): Promise<CustomAgentExport> {
  return apiRequest<CustomAgentExport>(`${one(id)}/export`);
}

/** The full URL a custom agent's chat posts to. */
export const customAgentChatUrl = (id: string) => `${API_BASE_URL}${one(id)}/chat`;

/** The agent, or the share link, is not there (any more) for this caller. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && [403, 404].includes(error.status);
}

/** The server's validation messages by field ("name", "starters.1" → "starters"). */
export function fieldIssues(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError)) return out;
  for (const issue of error.issues) {
    const field = issue.path.split(".")[0] || "form";
    out[field] ??= issue.message;
  }
  return out;
}

/** GET /api/custom-agents/shared/:token/preview: a share link's card, for anyone holding it. */
export function useSharedAgentPreview(token: string) {
  return useQuery({
    queryKey: [...customAgentKeys.all, "preview", token] as const,
    queryFn: ({ signal }) =>
      apiRequest<SharedAgentPreview>(`${base}/shared/${encodeURIComponent(token)}/preview`, {
        signal,
      }),
    retry: (count, error) => !isMissing(error) && count < 2,
    staleTime: 60_000,
  });
}
