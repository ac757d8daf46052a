import type { ThreadResponse } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { earlyPaths, takeArrived, takeEarly } from "@/lib/early-requests.ts";
import { threadKeys } from "@/lib/query-keys.ts";

/** GET /api/threads/:threadId: the signed-in caller's own thread, oldest entry first. */
export function getThread(threadId: string, signal?: AbortSignal): Promise<ThreadResponse> {
  const path = earlyPaths.thread(threadId);
  return (
    takeEarly<ThreadResponse>(path) ?? apiRequest<ThreadResponse>(path, signal ? { signal } : {})
  );
}

export function threadQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: threadKeys.one(threadId),
    queryFn: ({ signal }) => getThread(threadId, signal),
    staleTime: 30_000,
    // A thread that is not there (or not the caller's) will not appear by asking again.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}

export function useThread(threadId: string, enabled: boolean) {
  return useQuery({
    ...threadQueryOptions(threadId),
    initialData: () =>
      enabled ? takeArrived<ThreadResponse>(earlyPaths.thread(threadId)) : undefined,
    enabled,
  });
}

/** The thread does not exist for this caller (not found, someone else's, or signed out). */
export function isThreadUnavailable(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 404].includes(error.status);
}
