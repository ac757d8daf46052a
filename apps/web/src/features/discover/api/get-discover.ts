import type { DiscoverResponse, DiscoverTopic } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { discoverKeys } from "@/lib/query-keys.ts";

/** The server refreshes news every ~30 minutes; a tab revisited within 5 minutes is not refetched. */
const DISCOVER_STALE_MS = 5 * 60_000;

/** GET /api/discover?topic=: the feed of one topic (public). */
export function getDiscover(topic: DiscoverTopic, signal?: AbortSignal): Promise<DiscoverResponse> {
  return apiRequest<DiscoverResponse>(
    `/discover?topic=${encodeURIComponent(topic)}`,
    signal ? { signal } : {},
  );
}

export function discoverQueryOptions(topic: DiscoverTopic) {
  return queryOptions({
    queryKey: discoverKeys.topic(topic),
    queryFn: ({ signal }) => getDiscover(topic, signal),
    staleTime: DISCOVER_STALE_MS,
  });
}

export function useDiscover(topic: DiscoverTopic) {
  return useQuery(discoverQueryOptions(topic));
}
