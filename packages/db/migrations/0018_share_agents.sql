ALTER TABLE "shares" ADD COLUMN "agent" jsonb;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "parts" jsonb;