import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { historyKeys } from "./get-history.ts";

/** DELETE /api/history/:entryId: one answer (and its share link) out of the history. */
export function deleteEntry(entryId: string): Promise<void> {
  return apiRequest<void>(`/history/${encodeURIComponent(entryId)}`, { method: "DELETE" });
}

export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId }: { entryId: string; threadId: string }) => deleteEntry(entryId),
    onSettled: (_data, _error, { threadId }) => {
      // Stale, not refetched now: the thread may be gone with its last answer (a 404).
      void queryClient.invalidateQueries({ queryKey: ["threads", threadId], refetchType: "none" });
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      // Its bookmark and share links went with it. The thread's bookmark state (on the page now)
      // is not asked again either: it holds nothing of the deleted answer that is still shown.
      void queryClient.invalidateQueries({ queryKey: ["library", "list"] });
      void queryClient.invalidateQueries({
        queryKey: ["library", "thread", threadId],
        refetchType: "none",
      });
      void queryClient.invalidateQueries({ queryKey: ["shares"] });
    },
  });
}
