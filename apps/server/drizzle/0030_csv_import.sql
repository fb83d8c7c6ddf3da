CREATE TABLE "issue_import_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"source" text NOT NULL,
	"key" text NOT NULL,
	"name_key" text NOT NULL,
	"issue_id" uuid NOT NULL,
	"values_hash" text NOT NULL,
	"parent_ref" text,
	"import_id" uuid,
	"row_number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_import_refusals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"run" text NOT NULL,
	"row_number" integer NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"storage_key" text,
	"file_size" bigint NOT NULL,
	"delimiter" text NOT NULL,
	"header" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"total_rows" integer NOT NULL,
	"preset" text NOT NULL,
	"detected_preset" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"phase" text,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"parents_done" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"dry_run" jsonb,
	"claim_id" uuid,
	"claim_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "issue_import_items" ADD CONSTRAINT "issue_import_items_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_import_items" ADD CONSTRAINT "issue_import_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_import_refusals" ADD CONSTRAINT "issue_import_refusals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_import_refusals" ADD CONSTRAINT "issue_import_refusals_import_id_issue_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."issue_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_imports" ADD CONSTRAINT "issue_imports_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_imports" ADD CONSTRAINT "issue_imports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_imports" ADD CONSTRAINT "issue_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_imports" ADD CONSTRAINT "issue_imports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issue_import_items_key" ON "issue_import_items" USING btree ("project_id","source","key");--> statement-breakpoint
CREATE INDEX "issue_import_items_name_idx" ON "issue_import_items" USING btree ("project_id","source","name_key");--> statement-breakpoint
CREATE INDEX "issue_import_items_issue_idx" ON "issue_import_items" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "issue_import_items_import_idx" ON "issue_import_items" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "issue_import_refusals_import_idx" ON "issue_import_refusals" USING btree ("import_id","run","row_number");--> statement-breakpoint
CREATE INDEX "issue_imports_project_idx" ON "issue_imports" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "issue_imports_queued_idx" ON "issue_imports" USING btree ("created_at") WHERE "issue_imports"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "issue_imports_running_idx" ON "issue_imports" USING btree ("claim_expires_at") WHERE "issue_imports"."status" = 'running';