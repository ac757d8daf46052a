import type { ThreadPin } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { historyKeys } from "@/lib/query-keys.ts";

/** PUT /api/threads/:threadId/pin: pinned threads come first in History and Recent. */
export function pinThread(threadId: string, pinned: boolean): Promise<ThreadPin> {
  return apiRequest<ThreadPin>(`/threads/${encodeURIComponent(threadId)}/pin`, {
    method: "PUT",
    body: { pinned },
  });
}

/** Pins or unpins a thread; every history list (and the sidebar's Recent) is read again. */
export function usePinThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ threadId, pinned }: { threadId: string; pinned: boolean }) =>
      pinThread(threadId, pinned),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}
