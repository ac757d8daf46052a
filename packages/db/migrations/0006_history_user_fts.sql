-- btree_gin lets one GIN index hold user_id (uuid) beside the tsvector; it ships with PostgreSQL
-- (contrib) and is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "search_history_fts_idx";--> statement-breakpoint
CREATE INDEX "search_history_user_fts_idx" ON "search_history" USING gin ("user_id","search_vector");
