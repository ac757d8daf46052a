CREATE TABLE "nexdocs_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nexdocs_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "nexdocs_images" ADD CONSTRAINT "nexdocs_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nexdocs_images" ADD CONSTRAINT "nexdocs_images_document_id_nexdocs_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."nexdocs_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nexdocs_shares" ADD CONSTRAINT "nexdocs_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nexdocs_shares" ADD CONSTRAINT "nexdocs_shares_document_id_nexdocs_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."nexdocs_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nexdocs_images_document_idx" ON "nexdocs_images" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE INDEX "nexdocs_shares_user_ts_idx" ON "nexdocs_shares" USING btree ("user_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "nexdocs_shares_live_uq" ON "nexdocs_shares" USING btree ("document_id") WHERE "nexdocs_shares"."revoked_at" is null;