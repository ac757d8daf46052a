import type { DeleteThreadsResponse, HistoryPage } from "@nexus/contracts";
import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { historyKeys, libraryKeys, researchKeys, shareKeys, threadKeys } from "@/lib/query-keys.ts";

/** POST /api/threads/bulk-delete: several threads at once, all or nothing. */
export function deleteThreads(threadIds: readonly string[]): Promise<DeleteThreadsResponse> {
  return apiRequest<DeleteThreadsResponse>("/threads/bulk-delete", {
    method: "POST",
    body: { threadIds },
  });
}

type Pages = InfiniteData<HistoryPage, string | null>;

/**
 * Deletes the selected threads: they leave every loaded list once the server has deleted them
 * all (all or nothing: a refusal leaves every one in place).
 */
export function useDeleteThreads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThreads,
    onSuccess: (_data, threadIds) => {
      const gone = new Set(threadIds);
      queryClient.setQueriesData<Pages>({ queryKey: historyKeys.lists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                threads: page.threads.filter((thread) => !gone.has(thread.threadId)),
              })),
            }
          : data,
      );
      for (const threadId of threadIds) {
        queryClient.removeQueries({ queryKey: threadKeys.one(threadId) });
        queryClient.removeQueries({ queryKey: threadKeys.title(threadId) });
        queryClient.removeQueries({ queryKey: libraryKeys.thread(threadId) });
        queryClient.removeQueries({ queryKey: researchKeys.one(threadId) });
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: shareKeys.all });
      void queryClient.invalidateQueries({ queryKey: researchKeys.lists() });
    },
  });
}
