CREATE TABLE "cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" date,
	"end_date" date,
	"owned_by_id" uuid,
	"sort_order" double precision NOT NULL,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress_snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"external_source" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_group_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key" uuid,
	"state_id" uuid NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '<p></p>' NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"lead_id" uuid,
	"member_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"start_date" date,
	"target_date" date,
	"sort_order" double precision NOT NULL,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"external_source" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_group_count_deltas" ADD CONSTRAINT "issue_group_count_deltas_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_links" ADD CONSTRAINT "module_links_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cycles_project_idx" ON "cycles" USING btree ("project_id") WHERE "cycles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "issue_group_count_deltas_project_idx" ON "issue_group_count_deltas" USING btree ("project_id","kind");--> statement-breakpoint
CREATE INDEX "module_links_module_idx" ON "module_links" USING btree ("module_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "modules_name_live_key" ON "modules" USING btree ("project_id","name") WHERE "modules"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "activities_cycle_new_idx" ON "activities" USING btree ("new_value") WHERE "activities"."field" = 'cycle';--> statement-breakpoint
CREATE INDEX "activities_cycle_old_idx" ON "activities" USING btree ("old_value") WHERE "activities"."field" = 'cycle';--> statement-breakpoint
CREATE INDEX "issues_cycle_board_idx" ON "issues" USING btree ("project_id","cycle_id","sort_order","id") WHERE "issues"."deleted_at" is null and "issues"."archived_at" is null and not "issues"."is_draft";--> statement-breakpoint
CREATE INDEX "issues_board_order_idx" ON "issues" USING btree ("project_id","sort_order","id") WHERE "issues"."deleted_at" is null and "issues"."archived_at" is null and not "issues"."is_draft";--> statement-breakpoint
CREATE INDEX "issues_modules_gin" ON "issues" USING gin ("module_ids");--> statement-breakpoint
CREATE FUNCTION "issue_group_count_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_live boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND OLD.archived_at IS NULL AND NOT OLD.is_draft;
  is_live boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.archived_at IS NULL AND NOT NEW.is_draft;
  same_place boolean := was_live AND is_live AND NEW.project_id = OLD.project_id AND NEW.state_id = OLD.state_id;
BEGIN
  IF NOT (same_place AND NEW.cycle_id IS NOT DISTINCT FROM OLD.cycle_id) THEN
    IF was_live THEN
      INSERT INTO "issue_group_count_deltas" ("project_id", "kind", "key", "state_id", "n")
      VALUES (OLD.project_id, 'cycle', OLD.cycle_id, OLD.state_id, -1);
    END IF;
    IF is_live THEN
      INSERT INTO "issue_group_count_deltas" ("project_id", "kind", "key", "state_id", "n")
      VALUES (NEW.project_id, 'cycle', NEW.cycle_id, NEW.state_id, 1);
    END IF;
  END IF;
  IF NOT (same_place AND NEW.module_ids = OLD.module_ids) THEN
    IF was_live THEN
      INSERT INTO "issue_group_count_deltas" ("project_id", "kind", "key", "state_id", "n")
      SELECT OLD.project_id, 'module', m, OLD.state_id, -1
        FROM unnest(CASE WHEN cardinality(OLD.module_ids) = 0 THEN ARRAY[NULL::uuid] ELSE OLD.module_ids END) AS m;
    END IF;
    IF is_live THEN
      INSERT INTO "issue_group_count_deltas" ("project_id", "kind", "key", "state_id", "n")
      SELECT NEW.project_id, 'module', m, NEW.state_id, 1
        FROM unnest(CASE WHEN cardinality(NEW.module_ids) = 0 THEN ARRAY[NULL::uuid] ELSE NEW.module_ids END) AS m;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "issues_group_count_delta"
AFTER INSERT OR DELETE OR UPDATE OF "project_id", "state_id", "cycle_id", "module_ids", "deleted_at", "archived_at", "is_draft"
ON "issues" FOR EACH ROW EXECUTE FUNCTION "issue_group_count_delta"();
--> statement-breakpoint
INSERT INTO "issue_group_count_deltas" ("project_id", "kind", "key", "state_id", "n")
SELECT "project_id", 'cycle', NULL, "state_id", count(*)::int FROM "issues"
WHERE "deleted_at" IS NULL AND "archived_at" IS NULL AND NOT "is_draft"
GROUP BY 1, 4;
--> statement-breakpoint
INSERT INTO "issue_group_count_deltas" ("project_id", "kind", "key", "state_id", "n")
SELECT "project_id", 'module', NULL, "state_id", count(*)::int FROM "issues"
WHERE "deleted_at" IS NULL AND "archived_at" IS NULL AND NOT "is_draft"
GROUP BY 1, 4;
