DROP INDEX "feedback_ts_idx";--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "query" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "answer_excerpt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "thread_shares" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "thread_shares" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "thread_shares" ADD COLUMN "entry_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shares_entry_live_uq" ON "shares" USING btree ("entry_id") WHERE "shares"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "thread_shares_live_uq" ON "thread_shares" USING btree ("user_id","thread_id") WHERE "thread_shares"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "feedback_ts_idx" ON "feedback" USING btree ("timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);