import type { BookmarkResponse, LibraryPage } from "@nexus/contracts";
import { type InfiniteData, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { libraryKeys } from "@/lib/query-keys.ts";
import type { BookmarkState } from "./get-bookmark-state.ts";

/** PUT /api/history/:entryId/bookmark. */
export function setBookmark(entryId: string, isBookmarked: boolean): Promise<BookmarkResponse> {
  return apiRequest<BookmarkResponse>(`/history/${encodeURIComponent(entryId)}/bookmark`, {
    method: "PUT",
    body: { isBookmarked },
  });
}

type Pages = InfiniteData<LibraryPage, string | null>;

export interface SetBookmarkVariables {
  entryId: string;
  /** Known on the answer page (the thread's bookmark state is updated at once). */
  threadId?: string;
  isBookmarked: boolean;
}

/**
 * Bookmarks or un-bookmarks an answer. Optimistic: the answer page's toggle flips and a removed
 * answer leaves the library lists at once; both are put back if the server refuses.
 */
export function useSetBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, isBookmarked }: SetBookmarkVariables) =>
      setBookmark(entryId, isBookmarked),
    onMutate: async ({ entryId, threadId, isBookmarked }) => {
      await queryClient.cancelQueries({ queryKey: libraryKeys.all });
      const lists = queryClient.getQueriesData<Pages>({ queryKey: libraryKeys.lists() });
      const stateKey = threadId ? libraryKeys.thread(threadId) : null;
      const state = stateKey ? queryClient.getQueryData<BookmarkState>(stateKey) : undefined;
      if (stateKey) {
        queryClient.setQueryData<BookmarkState>(stateKey, (old) => ({
          ...old,
          [entryId]: isBookmarked,
        }));
      }
      if (!isBookmarked) {
        queryClient.setQueriesData<Pages>({ queryKey: libraryKeys.lists() }, (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: page.items.filter((item) => item.entryId !== entryId),
                })),
              }
            : data,
        );
      }
      return { lists, stateKey, state };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.lists ?? []) queryClient.setQueryData(key, data);
      if (context?.stateKey) queryClient.setQueryData(context.stateKey, context.state);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.lists() });
    },
  });
}
