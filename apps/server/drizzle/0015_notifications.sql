CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"triggered_by" uuid,
	"sender" text NOT NULL,
	"title" text NOT NULL,
	"activity" jsonb NOT NULL,
	"message" text NOT NULL,
	"is_mentioned" boolean DEFAULT false NOT NULL,
	"is_intake" boolean DEFAULT false NOT NULL,
	"event_id" bigint,
	"read_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"snoozed_till" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "available_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_receiver_idx" ON "notifications" USING btree ("receiver_id","workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("receiver_id","workspace_id") WHERE "notifications"."read_at" is null and "notifications"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_undigested_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_issue_idx" ON "notifications" USING btree ("issue_id");--> statement-breakpoint
-- Events committed before notifications existed stay history: the new worker starts from now.
UPDATE "outbox" SET "processed_at" = now() WHERE "processed_at" IS NULL;
