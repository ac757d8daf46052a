import type { ThreadResponse } from "@nexus/contracts";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { libraryKeys, threadKeys } from "@/lib/query-keys.ts";

/** entryId → isBookmarked for one thread of the signed-in caller. */
export type BookmarkState = Record<string, boolean>;

/** GET /api/threads/:threadId, reduced to which of its answers are in the library. */
export async function getBookmarkState(
  threadId: string,
  signal?: AbortSignal,
): Promise<BookmarkState> {
  const thread = await apiRequest<ThreadResponse>(
    `/threads/${encodeURIComponent(threadId)}`,
    signal ? { signal } : {},
  );
  return bookmarkState(thread);
}

function bookmarkState(thread: ThreadResponse): BookmarkState {
  return Object.fromEntries(thread.entries.map((entry) => [entry.id, entry.isBookmarked]));
}

export function bookmarkStateQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: libraryKeys.thread(threadId),
    queryFn: ({ signal }) => getBookmarkState(threadId, signal),
    staleTime: 60_000,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}

/**
 * Whether an answer is bookmarked. An answer the loaded state does not know yet (just written) is
 * not bookmarked: new answers never are.
 */
export function useIsBookmarked(options: { threadId: string; entryId: string; enabled: boolean }) {
  const queryClient = useQueryClient();
  const threadKey = threadKeys.one(options.threadId);
  const query = useQuery({
    ...bookmarkStateQueryOptions(options.threadId),
    // The answer page has the same thread loaded already (GET /api/threads/:threadId): the state
    // starts from it, as old as it is, instead of asking for the thread a second time.
    initialData: () => {
      const thread = queryClient.getQueryData<ThreadResponse>(threadKey);
      return thread ? bookmarkState(thread) : undefined;
    },
    initialDataUpdatedAt: () => queryClient.getQueryState(threadKey)?.dataUpdatedAt,
    enabled: options.enabled,
  });
  return {
    isBookmarked: query.data?.[options.entryId] ?? false,
    isLoading: options.enabled && query.isPending,
  };
}
