import type { ThreadResponse } from "@nexus/contracts";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import {
  earlyPaths,
  type ThreadExpectation,
  takeArrived,
  takeEarly,
} from "@/lib/early-requests.ts";
import { threadKeys } from "@/lib/query-keys.ts";

/**
 * GET /api/threads/:threadId (ARCHITECTURE.md §3.1): the signed-in caller's own thread of any
 * kind, `{ kind, subject, messages }`; `expected`: as one of this kind about this subject (another
 * is a 404; a document chat with no turn yet is an empty one). The first ask takes the request
 * main.tsx started as the page loaded, if any.
 */
export function getThread(
  threadId: string,
  signal?: AbortSignal,
  expected?: ThreadExpectation,
): Promise<ThreadResponse> {
  const path = earlyPaths.thread(threadId, expected);
  return (
    takeEarly<ThreadResponse>(path) ?? apiRequest<ThreadResponse>(path, signal ? { signal } : {})
  );
}

/** The early answer for this thread, if it has arrived (a query's first data). */
export const arrivedThread = (threadId: string, expected?: ThreadExpectation) =>
  takeArrived<ThreadResponse>(earlyPaths.thread(threadId, expected));

export function threadQueryOptions(threadId: string, expected?: ThreadExpectation) {
  return queryOptions({
    // (Under the thread's own key: deleting the thread drops every reading of it.)
    queryKey: expected ? [...threadKeys.one(threadId), expected] : threadKeys.one(threadId),
    queryFn: ({ signal }) => getThread(threadId, signal, expected),
    staleTime: 30_000,
    // A thread that is not there (or not the caller's) will not appear by asking again.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}

/** The thread does not exist for this caller (not found, someone else's, or signed out). */
export function isThreadUnavailable(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 404].includes(error.status);
}
