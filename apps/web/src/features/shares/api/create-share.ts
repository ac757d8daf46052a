import type { CreateShareRequest, MyShare } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { shareKeys } from "@/lib/query-keys.ts";

/** POST /api/shares: a read-only link to one of your answers ({entryId}) or threads ({threadId}). */
export function createShare(body: CreateShareRequest): Promise<MyShare> {
  return apiRequest<MyShare>("/shares", { method: "POST", body });
}

export function useCreateShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShare,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shareKeys.mine() }),
  });
}
