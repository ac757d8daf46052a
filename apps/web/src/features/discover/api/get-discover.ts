import type { DiscoverResponse, DiscoverTopic } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { earlyPaths, takeArrived, takeEarly } from "@/lib/early-requests.ts";
import { discoverKeys } from "@/lib/query-keys.ts";

/** The server refreshes news every ~30 minutes; a tab revisited within 5 minutes is not refetched. */
const DISCOVER_STALE_MS = 5 * 60_000;

/** GET /api/discover?topic=: the feed of one topic (public). */
export function getDiscover(topic: DiscoverTopic, signal?: AbortSignal): Promise<DiscoverResponse> {
  const path = earlyPaths.discover(topic);
  // The page's first topic was asked for as the page loaded (lib/early-requests.ts).
  return (
    takeEarly<DiscoverResponse>(path) ??
    apiRequest<DiscoverResponse>(path, signal ? { signal } : {})
  );
}

export function discoverQueryOptions(topic: DiscoverTopic) {
  return queryOptions({
    queryKey: discoverKeys.topic(topic),
    queryFn: ({ signal }) => getDiscover(topic, signal),
    initialData: () => takeArrived<DiscoverResponse>(earlyPaths.discover(topic)),
    staleTime: DISCOVER_STALE_MS,
  });
}

export function useDiscover(topic: DiscoverTopic) {
  return useQuery(discoverQueryOptions(topic));
}
