import type { MyShareList } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { shareKeys } from "@/lib/query-keys.ts";

/** The caller's share links; the same key the share dialog refreshes after making one. */

/** GET /api/shares: every link the caller made, to answers and to threads. */
export function getShareLinks(signal?: AbortSignal): Promise<MyShareList> {
  return apiRequest<MyShareList>("/shares", signal ? { signal } : {});
}

export function shareLinksQueryOptions() {
  return queryOptions({
    queryKey: shareKeys.mine(),
    queryFn: ({ signal }) => getShareLinks(signal),
  });
}

export function useShareLinks() {
  return useQuery(shareLinksQueryOptions());
}
