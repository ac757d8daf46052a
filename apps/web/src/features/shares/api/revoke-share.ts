import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { shareKeys } from "@/lib/query-keys.ts";

/** DELETE /api/shares/:shareId: the link stops working at once (404 like any unknown link). */
export function revokeShare(shareId: string): Promise<void> {
  return apiRequest<void>(`/shares/${encodeURIComponent(shareId)}`, { method: "DELETE" });
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSettled: (_data, _error, shareId) => {
      queryClient.removeQueries({ queryKey: shareKeys.public(shareId) });
      void queryClient.invalidateQueries({ queryKey: shareKeys.mine() });
    },
  });
}
