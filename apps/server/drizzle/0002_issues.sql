CREATE TABLE "issue_sequences" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"sequence_id" integer NOT NULL,
	"name" text NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"description_stripped" text DEFAULT '' NOT NULL,
	"priority" text DEFAULT 'none' NOT NULL,
	"state_id" uuid NOT NULL,
	"sort_order" double precision NOT NULL,
	"estimate_point_id" uuid,
	"start_date" date,
	"target_date" date,
	"completed_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"parent_id" uuid,
	"cycle_id" uuid,
	"module_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"label_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"assignee_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sub_issues_count" integer DEFAULT 0 NOT NULL,
	"attachment_count" integer DEFAULT 0 NOT NULL,
	"link_count" integer DEFAULT 0 NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"external_source" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "issue_sequences" ADD CONSTRAINT "issue_sequences_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issues_project_sequence_key" ON "issues" USING btree ("project_id","sequence_id");--> statement-breakpoint
CREATE INDEX "issues_board_state_idx" ON "issues" USING btree ("project_id","state_id","sort_order","id") WHERE "issues"."deleted_at" is null and "issues"."archived_at" is null and not "issues"."is_draft";--> statement-breakpoint
CREATE INDEX "issues_project_created_idx" ON "issues" USING btree ("project_id","created_at" DESC NULLS LAST,"id") WHERE "issues"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "issues_parent_idx" ON "issues" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "issues_labels_gin" ON "issues" USING gin ("label_ids");--> statement-breakpoint
CREATE INDEX "issues_assignees_gin" ON "issues" USING gin ("assignee_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "issues_external_key" ON "issues" USING btree ("project_id","external_source","external_id") WHERE "issues"."external_id" is not null and "issues"."deleted_at" is null;