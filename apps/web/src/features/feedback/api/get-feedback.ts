import type { FeedbackResponse } from "@nexus/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api-client.ts";
import { feedbackKeys } from "./submit-feedback.ts";

/** GET /api/feedback/:entryId: the caller's own rating of an answer; null when there is none. */
export async function getFeedback(
  entryId: string,
  signal?: AbortSignal,
): Promise<FeedbackResponse | null> {
  try {
    return await apiRequest<FeedbackResponse>(
      `/feedback/${encodeURIComponent(entryId)}`,
      signal ? { signal } : {},
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function feedbackQueryOptions(entryId: string) {
  return queryOptions({
    queryKey: feedbackKeys.entry(entryId),
    queryFn: ({ signal }) => getFeedback(entryId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The caller's rating of an answer as this tab knows it. `fetch` asks the server too; the answer
 * page leaves it off (most answers have no rating, and each would be a 404 in the console), so a
 * rating shows from the moment it is given.
 */
export function useFeedback(entryId: string, options: { fetch: boolean }) {
  return useQuery({ ...feedbackQueryOptions(entryId), enabled: options.fetch });
}
