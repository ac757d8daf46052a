import type { CreateShareRequest, MyShare } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";

export const shareKeys = {
  all: ["shares"] as const,
  mine: () => [...shareKeys.all, "mine"] as const,
  public: (shareId: string) => [...shareKeys.all, "public", shareId] as const,
};

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
