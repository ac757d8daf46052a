import { z } from "zod";

export const FEEDBACK_TYPES = ["inaccurate", "outdated", "incomplete", "harmful", "other"] as const;
export const feedbackTypeSchema = z.enum(FEEDBACK_TYPES);
export type FeedbackType = z.infer<typeof feedbackTypeSchema>;
export const feedbackRatingSchema = z.enum(["up", "down"]);
export type FeedbackRating = z.infer<typeof feedbackRatingSchema>;
export const FEEDBACK_TEXT_MAX = 2000;
/** An answer's entry id as the server makes them (letters, digits, '-' and '_'). */
export const entryIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "Not an answer id.");

/**
 * PUT /api/feedback: one rating per person (user, or anonymous id as sessionId) per answer; a new
 * one replaces the old. query/answer are a short snapshot so a reader knows what was rated.
 */
export const feedbackRequestSchema = z.object({
  entryId: entryIdSchema,
  rating: feedbackRatingSchema,
  feedbackType: feedbackTypeSchema.nullable().optional(),
  feedbackText: z.string().trim().max(FEEDBACK_TEXT_MAX).nullable().optional(),
  query: z.string().max(4000).optional(),
  answer: z.string().max(200_000).optional(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackResponseSchema = z.object({
  entryId: z.string(),
  rating: feedbackRatingSchema,
  feedbackType: feedbackTypeSchema.nullable(),
  feedbackText: z.string().nullable(),
  timestamp: z.string(),
});
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;

/** GET /api/admin/feedback (super-admins): newest first, filtered, paged; .csv for export. */
export const adminFeedbackQuerySchema = z.object({
  rating: feedbackRatingSchema.optional(),
  type: feedbackTypeSchema.optional(),
  cursor: z.string().max(500).optional(),
});
export const adminFeedbackItemSchema = z.object({
  id: z.string(),
  entryId: z.string(),
  rating: feedbackRatingSchema,
  feedbackType: feedbackTypeSchema.nullable(),
  feedbackText: z.string().nullable(),
  timestamp: z.string(),
  /** The rater: an e-mail address, or "anonymous". */
  from: z.string(),
  query: z.string(),
  answerExcerpt: z.string(),
});
export type AdminFeedbackItem = z.infer<typeof adminFeedbackItemSchema>;
export const adminFeedbackPageSchema = z.object({
  items: z.array(adminFeedbackItemSchema),
  nextCursor: z.string().nullable(),
});
export type AdminFeedbackPage = z.infer<typeof adminFeedbackPageSchema>;
