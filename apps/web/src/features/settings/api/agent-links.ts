import type { CustomAgent, CustomAgentsResponse } from "@nexus/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { customAgentKeys } from "@/lib/query-keys.ts";

/** A custom agent the person shares by link, as Settings lists it beside their other links. */
export interface AgentLink {
  id: string;
  name: string;
  emoji: string;
  /** The link's absolute address. */
  url: string;
  updatedAt: string;
}

/** The caller's own agents that have a share link (GET /api/custom-agents, the hub's request). */
export function agentLinksOf(list: CustomAgentsResponse, origin: string): AgentLink[] {
  return list.own.flatMap((agent: CustomAgent) =>
    agent.sharePath
      ? [
          {
            id: agent.id,
            name: agent.name,
            emoji: agent.emoji,
            url: new URL(agent.sharePath, origin).href,
            updatedAt: agent.updatedAt,
          },
        ]
      : [],
  );
}

export function useAgentLinks() {
  return useQuery({
    queryKey: customAgentKeys.list(),
    queryFn: ({ signal }) => apiRequest<CustomAgentsResponse>("/custom-agents", { signal }),
    select: (list) => agentLinksOf(list, window.location.origin),
    staleTime: 30_000,
  });
}

/** DELETE /api/custom-agents/:id/share: the link stops working at once; who took it keeps it. */
export function useRevokeAgentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<CustomAgent>(`/custom-agents/${encodeURIComponent(id)}/share`, {
        method: "DELETE",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customAgentKeys.all }),
  });
}
