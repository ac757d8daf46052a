import { z } from "zod";

/** A durable job's run (GET/POST /api/runs/:id/…). */
export const RUN_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export const runStatusSchema = z.enum(RUN_STATUSES);
export type RunStatusValue = z.infer<typeof runStatusSchema>;

export const runSchema = z.object({
  id: z.string(),
  kind: z.string(),
  subjectId: z.string(),
  status: runStatusSchema,
  /** Cancelling was asked for; the job stops at its next step. */
  cancelRequested: z.boolean(),
  result: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type Run = z.infer<typeof runSchema>;

/**
 * One event of a run (GET /api/runs/:id/events, SSE `data:` with `id:` = seq). A chat turn run as
 * a job sends `ui-chunks` events: `payload.chunks` are UI-message stream chunks, in order.
 */
export const runEventSchema = z.object({
  seq: z.number().int(),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type RunEventItem = z.infer<typeof runEventSchema>;

/** The last SSE message of a run's stream (`event: status`, no id): how the run ended. */
export const runEndSchema = z.object({ status: runStatusSchema });
