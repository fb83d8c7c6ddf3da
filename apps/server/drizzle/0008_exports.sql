CREATE TABLE "issue_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"project_ids" uuid[] NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"storage_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "issue_exports" ADD CONSTRAINT "issue_exports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_exports_creator_idx" ON "issue_exports" USING btree ("workspace_id","created_by","created_at");--> statement-breakpoint
CREATE INDEX "issue_exports_queued_idx" ON "issue_exports" USING btree ("created_at") WHERE "issue_exports"."status" = 'queued';