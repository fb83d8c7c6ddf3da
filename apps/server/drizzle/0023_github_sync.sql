CREATE TABLE "github_issue_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sync_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"github_issue_id" bigint NOT NULL,
	"github_issue_number" integer NOT NULL,
	"github_state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_repository_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"repository_owner" text NOT NULL,
	"repository_name" text NOT NULL,
	"repository_url" text NOT NULL,
	"repository_id" bigint NOT NULL,
	"access_token_encrypted" text NOT NULL,
	"webhook_secret_encrypted" text NOT NULL,
	"label_id" uuid,
	"actor_id" uuid NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"import_status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "github_sync_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"sync_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"issue_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "github_webhook_deliveries" (
	"workspace_id" uuid NOT NULL,
	"sync_id" uuid NOT NULL,
	"delivery_id" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "github_issue_links" ADD CONSTRAINT "github_issue_links_sync_id_github_repository_syncs_id_fk" FOREIGN KEY ("sync_id") REFERENCES "public"."github_repository_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_issue_links" ADD CONSTRAINT "github_issue_links_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository_syncs" ADD CONSTRAINT "github_repository_syncs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository_syncs" ADD CONSTRAINT "github_repository_syncs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository_syncs" ADD CONSTRAINT "github_repository_syncs_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_repository_syncs" ADD CONSTRAINT "github_repository_syncs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_sync_jobs" ADD CONSTRAINT "github_sync_jobs_sync_id_github_repository_syncs_id_fk" FOREIGN KEY ("sync_id") REFERENCES "public"."github_repository_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_sync_jobs" ADD CONSTRAINT "github_sync_jobs_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "github_webhook_deliveries" ADD CONSTRAINT "github_webhook_deliveries_sync_id_github_repository_syncs_id_fk" FOREIGN KEY ("sync_id") REFERENCES "public"."github_repository_syncs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "github_issue_links_github_key" ON "github_issue_links" USING btree ("sync_id","github_issue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "github_issue_links_issue_key" ON "github_issue_links" USING btree ("issue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "github_repository_syncs_project_key" ON "github_repository_syncs" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "github_sync_jobs_due_idx" ON "github_sync_jobs" USING btree ("next_attempt_at") WHERE "github_sync_jobs"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "github_sync_jobs_sync_idx" ON "github_sync_jobs" USING btree ("sync_id");--> statement-breakpoint
CREATE UNIQUE INDEX "github_webhook_deliveries_key" ON "github_webhook_deliveries" USING btree ("sync_id","delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_comments_external_key" ON "issue_comments" USING btree ("project_id","external_source","external_id") WHERE "issue_comments"."external_id" is not null and "issue_comments"."deleted_at" is null;