import type { HistoryPage, ThreadTitle } from "@nexus/contracts";
import {
  type InfiniteData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { historyKeys, threadKeys } from "@/lib/query-keys.ts";

/** GET /api/threads/:threadId/title: the title its owner gave it, else its first question. */
export function getThreadTitle(threadId: string, signal?: AbortSignal): Promise<ThreadTitle> {
  return apiRequest<ThreadTitle>(
    `/threads/${encodeURIComponent(threadId)}/title`,
    signal ? { signal } : {},
  );
}

export function useThreadTitle(threadId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: threadKeys.title(threadId),
      queryFn: ({ signal }) => getThreadTitle(threadId, signal),
    }),
    enabled,
  });
}

/** PUT /api/threads/:threadId/title. */
export function renameThread(threadId: string, title: string): Promise<ThreadTitle> {
  return apiRequest<ThreadTitle>(`/threads/${encodeURIComponent(threadId)}/title`, {
    method: "PUT",
    body: { title },
  });
}

type Pages = InfiniteData<HistoryPage, string | null>;

/** Renames a thread; the thread page and every loaded history list show the new title at once. */
export function useRenameThread(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => renameThread(threadId, title),
    onSuccess: (saved) => {
      queryClient.setQueryData(threadKeys.title(threadId), saved);
      queryClient.setQueriesData<Pages>({ queryKey: historyKeys.lists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                threads: page.threads.map((thread) =>
                  thread.threadId === threadId ? { ...thread, title: saved.title } : thread,
                ),
              })),
            }
          : data,
      );
    },
  });
}
