CREATE TABLE "nexdocs_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" jsonb NOT NULL,
	"markdown" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(markdown, '')), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "nexdocs_revisions" (
	"document_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nexdocs_revisions_document_id_revision_pk" PRIMARY KEY("document_id","revision")
);
--> statement-breakpoint
ALTER TABLE "nexdocs_documents" ADD CONSTRAINT "nexdocs_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nexdocs_revisions" ADD CONSTRAINT "nexdocs_revisions_document_id_nexdocs_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."nexdocs_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nexdocs_documents_user_updated_idx" ON "nexdocs_documents" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "nexdocs_documents_user_fts_idx" ON "nexdocs_documents" USING gin ("user_id","search_vector");