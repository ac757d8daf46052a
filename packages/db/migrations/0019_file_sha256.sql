ALTER TABLE "files" ADD COLUMN "content_sha256" text;--> statement-breakpoint
CREATE UNIQUE INDEX "files_user_sha256_uq" ON "files" USING btree ("user_id","content_sha256");