ALTER TABLE "search_history" ADD COLUMN "kind" text DEFAULT 'answer' NOT NULL;--> statement-breakpoint
ALTER TABLE "search_history" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "search_history" ADD COLUMN "parts" jsonb;--> statement-breakpoint
CREATE INDEX "search_history_agent_recent_idx" ON "search_history" USING btree ("user_id","subject_id","timestamp" DESC NULLS LAST) WHERE "search_history"."kind" = 'agent';