import type { PublicShare } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { shareKeys } from "@/lib/query-keys.ts";

/** GET /api/shares/:shareId: the read-only snapshot anyone with the link may see. */
export function getPublicShare(shareId: string, signal?: AbortSignal): Promise<PublicShare> {
  return apiRequest<PublicShare>(
    `/shares/${encodeURIComponent(shareId)}`,
    signal ? { signal } : {},
  );
}

export function publicShareQueryOptions(shareId: string) {
  return queryOptions({
    queryKey: shareKeys.public(shareId),
    queryFn: ({ signal }) => getPublicShare(shareId, signal),
    staleTime: 5 * 60_000,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}

export function usePublicShare(shareId: string) {
  return useQuery(publicShareQueryOptions(shareId));
}

/** Unknown, revoked and deleted shares all answer 404. */
export function isShareNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
