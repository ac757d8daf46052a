CREATE TABLE "thread_pins" (
	"user_id" uuid NOT NULL,
	"thread_id" text NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_pins_user_id_thread_id_pk" PRIMARY KEY("user_id","thread_id")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"answer_language" text DEFAULT 'auto' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_answer_language_check" CHECK ("user_settings"."answer_language" in ('auto', 'en', 'de', 'fr', 'es', 'ja', 'ar')),
	CONSTRAINT "user_settings_instructions_length_check" CHECK (char_length("user_settings"."instructions") <= 1500)
);
--> statement-breakpoint
ALTER TABLE "thread_pins" ADD CONSTRAINT "thread_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;