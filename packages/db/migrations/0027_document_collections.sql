CREATE TABLE "document_chat_files" (
	"user_id" uuid NOT NULL,
	"thread_id" text NOT NULL,
	"document_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_chat_files_user_id_thread_id_file_id_pk" PRIMARY KEY("user_id","thread_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "document_chat_files" ADD CONSTRAINT "document_chat_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chat_files" ADD CONSTRAINT "document_chat_files_document_id_files_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_chat_files" ADD CONSTRAINT "document_chat_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_chat_files_file_idx" ON "document_chat_files" USING btree ("user_id","file_id");--> statement-breakpoint
CREATE INDEX "document_chat_files_document_idx" ON "document_chat_files" USING btree ("document_id");