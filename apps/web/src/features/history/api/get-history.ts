import type { HistoryFilter, HistoryPage } from "@nexus/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";

import { historyKeys } from "@/lib/query-keys.ts";

/** GET /api/history?cursor=&q=: 20 threads by latest activity. */
export function getHistory(
  options: { cursor: string | null; q: string; kind?: HistoryKind },
  signal?: AbortSignal,
): Promise<HistoryPage> {
  const params = new URLSearchParams();
  if (options.cursor) params.set("cursor", options.cursor);
  if (options.q) params.set("q", options.q);
  if (options.kind) params.set("kind", options.kind);
  const search = params.toString();
  return apiRequest<HistoryPage>(`/history${search ? `?${search}` : ""}`, signal ? { signal } : {});
}

/** Only the threads under one history filter (contracts kinds.ts; undefined: all). */
export type HistoryKind = HistoryFilter | undefined;

export function historyQueryOptions(q: string, kind?: HistoryKind) {
  return infiniteQueryOptions({
    queryKey: historyKeys.list(q, kind),
    queryFn: ({ pageParam, signal }) =>
      getHistory({ cursor: pageParam, q, ...(kind ? { kind } : {}) }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useHistory(q: string, kind?: HistoryKind) {
  return useInfiniteQuery(historyQueryOptions(q, kind));
}
