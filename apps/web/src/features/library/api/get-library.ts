import type { LibraryPage } from "@nexus/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { libraryKeys } from "@/lib/query-keys.ts";

/** GET /api/library?cursor=&q=: bookmarked answers, newest first, 10 per page. */
export function getLibrary(
  options: { cursor: string | null; q: string },
  signal?: AbortSignal,
): Promise<LibraryPage> {
  const params = new URLSearchParams();
  if (options.cursor) params.set("cursor", options.cursor);
  if (options.q) params.set("q", options.q);
  const search = params.toString();
  return apiRequest<LibraryPage>(`/library${search ? `?${search}` : ""}`, signal ? { signal } : {});
}

export function libraryQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: libraryKeys.list(q),
    queryFn: ({ pageParam, signal }) => getLibrary({ cursor: pageParam, q }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useLibrary(q: string) {
  return useInfiniteQuery(libraryQueryOptions(q));
}
