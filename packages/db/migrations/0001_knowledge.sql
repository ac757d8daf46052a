CREATE TABLE "knowledge_chunks" (
	"id" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"ordinal" integer NOT NULL,
	"title" text NOT NULL,
	"heading" text,
	"url" text NOT NULL,
	"content" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(heading, '')), 'B') || setweight(to_tsvector('english', coalesce(content, '')), 'C')) STORED,
	"simple_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(heading, '')), 'B') || setweight(to_tsvector('simple', coalesce(content, '')), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "knowledge_documents" (
	"path" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"url" text NOT NULL,
	"content_hash" text NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_path_knowledge_documents_path_fk" FOREIGN KEY ("path") REFERENCES "public"."knowledge_documents"("path") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_chunks_path_ordinal_idx" ON "knowledge_chunks" USING btree ("path","ordinal");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_search_idx" ON "knowledge_chunks" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_simple_idx" ON "knowledge_chunks" USING gin ("simple_vector");