import type { AdminFeedbackPage } from "@nexus/contracts";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { API_BASE_URL } from "@/config/env.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { adminKeys, queryString } from "./admin-keys.ts";

export interface FeedbackFilter {
  rating: string;
  type: string;
}

/** GET /api/admin/feedback?rating=&type=&cursor=: ratings newest first, 50 a page. */
export function getAdminFeedback(
  filter: FeedbackFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminFeedbackPage> {
  const search = queryString({ rating: filter.rating, type: filter.type, cursor });
  return apiRequest<AdminFeedbackPage>(`/admin/feedback${search}`, signal ? { signal } : {});
}

export function useAdminFeedback(filter: FeedbackFilter) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminKeys.feedback(filter),
      queryFn: ({ pageParam, signal }) => getAdminFeedback(filter, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      // A new filter keeps the rows on screen until its answer arrives (no flash, no lost click).
      placeholderData: keepPreviousData,
    }),
  );
}

export function feedbackCsvHref(filter: FeedbackFilter): string {
  return `${API_BASE_URL}/admin/feedback.csv${queryString({ rating: filter.rating, type: filter.type })}`;
}
