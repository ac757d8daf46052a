CREATE TABLE "feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"session_id" text,
	"entry_id" text NOT NULL,
	"rating" text NOT NULL,
	"feedback_type" text,
	"feedback_text" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_history" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"thread_id" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"query" text NOT NULL,
	"focus_mode" text DEFAULT 'web' NOT NULL,
	"results" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_bookmarked" boolean DEFAULT false NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(query, '') || ' ' || coalesce(results->>'markdown', ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"company_size" text,
	"title" text,
	"linkedin_profile" text,
	"deployment_preference" text,
	"message" text,
	"source" text DEFAULT 'book_demo' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"entry_id" text,
	"content" text NOT NULL,
	"thinking_content" text,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"focus_mode" text DEFAULT 'web' NOT NULL,
	"is_pdf_flow" boolean DEFAULT false NOT NULL,
	"is_reasoning_mode" boolean DEFAULT false NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "thread_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"thread_id" text NOT NULL,
	"thread" jsonb NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"subject_id" text NOT NULL,
	"period" text NOT NULL,
	"search" integer DEFAULT 0 NOT NULL,
	"add_files" integer DEFAULT 0 NOT NULL,
	"agent_usage" integer DEFAULT 0 NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_counters_subject_id_period_pk" PRIMARY KEY("subject_id","period")
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"subject_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"is_anonymous" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"photo_url" text,
	"org_name" text,
	"org_id" text DEFAULT '' NOT NULL,
	"tier" text DEFAULT 'free' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_tier_check" CHECK ("users"."tier" in ('free', 'pro'))
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_history" ADD CONSTRAINT "search_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_entry_id_search_history_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."search_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_shares" ADD CONSTRAINT "thread_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_subject_id_usage_records_subject_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."usage_records"("subject_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_user_entry_uq" ON "feedback" USING btree ("user_id","entry_id") WHERE "feedback"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_session_entry_uq" ON "feedback" USING btree ("session_id","entry_id") WHERE "feedback"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "feedback_ts_idx" ON "feedback" USING btree ("timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_history_user_ts_idx" ON "search_history" USING btree ("user_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_history_thread_ts_idx" ON "search_history" USING btree ("thread_id","timestamp");--> statement-breakpoint
CREATE INDEX "search_history_bookmarks_idx" ON "search_history" USING btree ("user_id","is_bookmarked","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_history_fts_idx" ON "search_history" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "leads_status_ts_idx" ON "leads" USING btree ("status","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "leads_user_idx" ON "leads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shares_user_ts_idx" ON "shares" USING btree ("user_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shares_entry_idx" ON "shares" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "thread_shares_user_ts_idx" ON "thread_shares" USING btree ("user_id","timestamp" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "thread_shares_thread_idx" ON "thread_shares" USING btree ("user_id","thread_id");--> statement-breakpoint
CREATE INDEX "usage_records_anon_updated_idx" ON "usage_records" USING btree ("is_anonymous","last_updated");--> statement-breakpoint
CREATE INDEX "usage_records_user_idx" ON "usage_records" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_tokens_email_idx" ON "sign_in_tokens" USING btree ("email");--> statement-breakpoint
CREATE INDEX "sign_in_tokens_expires_at_idx" ON "sign_in_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");