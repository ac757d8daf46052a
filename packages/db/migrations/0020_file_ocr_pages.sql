ALTER TABLE "files" ADD COLUMN "ocr_pages" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "ocr_boxes" jsonb DEFAULT '{}'::jsonb NOT NULL;