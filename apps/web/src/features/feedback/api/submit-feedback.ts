import type { FeedbackRequest, FeedbackResponse } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";

export const feedbackKeys = {
  all: ["feedback"] as const,
  entry: (entryId: string) => [...feedbackKeys.all, entryId] as const,
};

/** PUT /api/feedback: one rating per person per answer; a new one replaces the old. */
export function submitFeedback(body: FeedbackRequest): Promise<FeedbackResponse> {
  return apiRequest<FeedbackResponse>("/feedback", { method: "PUT", body });
}

/**
 * The rating shows at once (kept under the answer's feedback key for this session) and goes back
 * to what it was if the server refuses.
 */
export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onMutate: (body) => {
      const key = feedbackKeys.entry(body.entryId);
      const previous = queryClient.getQueryData<FeedbackResponse | null>(key);
      queryClient.setQueryData<FeedbackResponse>(key, {
        entryId: body.entryId,
        rating: body.rating,
        feedbackType: body.feedbackType ?? null,
        feedbackText: body.feedbackText ?? null,
        timestamp: new Date().toISOString(),
      });
      return { key, previous };
    },
    onError: (_error, _body, context) => {
      if (context) queryClient.setQueryData(context.key, context.previous ?? null);
    },
    onSuccess: (saved) => queryClient.setQueryData(feedbackKeys.entry(saved.entryId), saved),
  });
}
