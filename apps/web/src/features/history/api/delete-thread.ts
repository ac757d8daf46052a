import type { HistoryPage } from "@nexus/contracts";
import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { historyKeys, libraryKeys, researchKeys, shareKeys, threadKeys } from "@/lib/query-keys.ts";

/** DELETE /api/threads/:threadId: the thread, its entries and its share links. */
export function deleteThread(threadId: string): Promise<void> {
  return apiRequest<void>(`/threads/${encodeURIComponent(threadId)}`, { method: "DELETE" });
}

type Pages = InfiniteData<HistoryPage, string | null>;

/** Removes the thread from every loaded history list at once; puts it back if the server refuses. */
export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThread,
    onMutate: async (threadId: string) => {
      await queryClient.cancelQueries({ queryKey: historyKeys.lists() });
      const snapshot = queryClient.getQueriesData<Pages>({ queryKey: historyKeys.lists() });
      queryClient.setQueriesData<Pages>({ queryKey: historyKeys.lists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                threads: page.threads.filter((thread) => thread.threadId !== threadId),
              })),
            }
          : data,
      );
      return { snapshot };
    },
    onError: (error, _threadId, context) => {
      // Already gone: the list without it is right.
      if (error instanceof ApiError && error.status === 404) return;
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: (_data, _error, threadId) => {
      queryClient.removeQueries({ queryKey: threadKeys.one(threadId) });
      // Its title is gone too: not asked again while its page closes.
      queryClient.removeQueries({ queryKey: threadKeys.title(threadId) });
      queryClient.removeQueries({ queryKey: libraryKeys.thread(threadId) });
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      // Its bookmarks and share links went with it, and a research thread's research.
      void queryClient.invalidateQueries({ queryKey: libraryKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: shareKeys.all });
      queryClient.removeQueries({ queryKey: researchKeys.one(threadId) });
      void queryClient.invalidateQueries({ queryKey: researchKeys.lists() });
    },
  });
}
