import type { MyShareList } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { shareKeys } from "@/lib/query-keys.ts";

/** DELETE /api/shares/:shareId: the link stops working at once (404 like any unknown link). */
export function revokeShareLink(shareId: string): Promise<void> {
  return apiRequest<void>(`/shares/${encodeURIComponent(shareId)}`, { method: "DELETE" });
}

/** Optimistic: the link leaves the list at once and comes back if the server refuses. */
export function useRevokeShareLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShareLink,
    onMutate: async (shareId: string) => {
      await queryClient.cancelQueries({ queryKey: shareKeys.mine() });
      const previous = queryClient.getQueryData<MyShareList>(shareKeys.mine());
      queryClient.setQueryData<MyShareList>(shareKeys.mine(), (old) =>
        old ? { shares: old.shares.filter((share) => share.shareId !== shareId) } : old,
      );
      return { previous };
    },
    onError: (error, _shareId, context) => {
      if (error instanceof ApiError && error.status === 404) return;
      if (context?.previous) queryClient.setQueryData(shareKeys.mine(), context.previous);
    },
    onSettled: (_data, _error, shareId) => {
      queryClient.removeQueries({ queryKey: shareKeys.public(shareId) });
      void queryClient.invalidateQueries({ queryKey: shareKeys.mine() });
    },
  });
}
