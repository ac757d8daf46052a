CREATE TABLE "custom_agent_files" (
	"agent_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_agent_files_agent_id_file_id_pk" PRIMARY KEY("agent_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "custom_agent_files" ADD CONSTRAINT "custom_agent_files_agent_id_custom_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."custom_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_agent_files" ADD CONSTRAINT "custom_agent_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_agent_files_file_idx" ON "custom_agent_files" USING btree ("file_id");