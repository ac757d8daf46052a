CREATE TABLE "research" (
	"thread_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"question" text NOT NULL,
	"depth" text NOT NULL,
	"sources" text NOT NULL,
	"sub_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"finish_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "research_pages" (
	"run_id" uuid NOT NULL,
	"source_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "research_pages_run_id_source_id_pk" PRIMARY KEY("run_id","source_id")
);
--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "claimed_step" integer;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "research" ADD CONSTRAINT "research_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research" ADD CONSTRAINT "research_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_pages" ADD CONSTRAINT "research_pages_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "research_user_recent_idx" ON "research" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "research_run_idx" ON "research" USING btree ("run_id");