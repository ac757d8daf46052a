import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { historyKeys, libraryKeys, shareKeys, threadKeys } from "@/lib/query-keys.ts";

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
      void queryClient.invalidateQueries({
        queryKey: threadKeys.one(threadId),
        refetchType: "none",
      });
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      // Its bookmark and share links went with it. The thread's bookmark state (on the page now)
      // is not asked again either: it holds nothing of the deleted answer that is still shown.
      void queryClient.invalidateQueries({ queryKey: libraryKeys.lists() });
      void queryClient.invalidateQueries({
        queryKey: libraryKeys.thread(threadId),
        refetchType: "none",
      });
      void queryClient.invalidateQueries({ queryKey: shareKeys.all });
    },
  });
}
