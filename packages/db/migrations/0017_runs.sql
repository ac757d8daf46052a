ALTER TABLE "runs" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "checkpoint" jsonb;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "cost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "runs_unfinished_idx" ON "runs" USING btree ("updated_at") WHERE status in ('queued', 'running');--> statement-breakpoint
-- Existing ingestion runs take their file's state (a run whose file is gone ended long ago).
UPDATE "runs" SET
  "status" = CASE "files"."status" WHEN 'ready' THEN 'succeeded' WHEN 'failed' THEN 'failed' WHEN 'queued' THEN 'queued' ELSE 'running' END,
  "updated_at" = "files"."updated_at",
  "ended_at" = CASE WHEN "files"."status" IN ('ready', 'failed') THEN "files"."updated_at" END
FROM "files" WHERE "files"."run_id" = "runs"."id";--> statement-breakpoint
UPDATE "runs" SET "status" = 'failed', "ended_at" = now()
WHERE "status" = 'queued' AND NOT EXISTS (SELECT 1 FROM "files" WHERE "files"."run_id" = "runs"."id");
