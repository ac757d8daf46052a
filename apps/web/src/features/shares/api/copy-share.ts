import type { CopyShareResponse } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { historyKeys } from "@/lib/query-keys.ts";

/** POST /api/shares/:shareId/copy: the shared thread, copied into a new thread of the caller. */
export function copyShare(shareId: string): Promise<CopyShareResponse> {
  return apiRequest<CopyShareResponse>(`/shares/${encodeURIComponent(shareId)}/copy`, {
    method: "POST",
  });
}

export function useCopyShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyShare,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}
