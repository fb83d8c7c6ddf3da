CREATE TABLE "intake_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"intake_id" uuid NOT NULL,
	"issue_id" uuid NOT NULL,
	"status" smallint DEFAULT -2 NOT NULL,
	"snoozed_till" timestamp with time zone,
	"duplicate_to" uuid,
	"source" text DEFAULT 'IN_APP' NOT NULL,
	"source_email" text,
	"external_source" text,
	"external_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "intakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT true NOT NULL,
	"view_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo_props" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "issues_board_state_idx";--> statement-breakpoint
DROP INDEX "issues_list_created_idx";--> statement-breakpoint
DROP INDEX "issues_cycle_board_idx";--> statement-breakpoint
DROP INDEX "issues_board_order_idx";--> statement-breakpoint
DROP INDEX "states_name_live_key";--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "is_intake" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_issues" ADD CONSTRAINT "intake_issues_duplicate_to_issues_id_fk" FOREIGN KEY ("duplicate_to") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "intake_issues_issue_key" ON "intake_issues" USING btree ("issue_id") WHERE "intake_issues"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "intake_issues_project_status_idx" ON "intake_issues" USING btree ("project_id","status") WHERE "intake_issues"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "intake_issues_snoozed_idx" ON "intake_issues" USING btree ("snoozed_till") WHERE "intake_issues"."status" = 0 and "intake_issues"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "intakes_one_default_key" ON "intakes" USING btree ("project_id") WHERE "intakes"."is_default" and "intakes"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "states_one_triage_key" ON "states" USING btree ("project_id") WHERE "states"."is_triage" and "states"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "issues_board_state_idx" ON "issues" USING btree ("project_id","state_id","sort_order","id") WHERE "issues"."deleted_at" is null and "issues"."archived_at" is null and not "issues"."is_draft" and not "issues"."is_intake";--> statement-breakpoint
CREATE INDEX "issues_list_created_idx" ON "issues" USING btree ("project_id","created_at" DESC NULLS LAST,"id") WHERE "issues"."deleted_at" is null and "issues"."archived_at" is null and not "issues"."is_draft" and not "issues"."is_intake";--> statement-breakpoint
CREATE INDEX "issues_cycle_board_idx" ON "issues" USING btree ("project_id","cycle_id","sort_order","id") WHERE "issues"."deleted_at" is null and "issues"."archived_at" is null and not "issues"."is_draft" and not "issues"."is_intake";--> statement-breakpoint
CREATE INDEX "issues_board_order_idx" ON "issues" USING btree ("project_id","sort_order","id") WHERE "issues"."deleted_at" is null and "issues"."archived_at" is null and not "issues"."is_draft" and not "issues"."is_intake";--> statement-breakpoint
CREATE UNIQUE INDEX "states_name_live_key" ON "states" USING btree ("project_id","name") WHERE "states"."deleted_at" is null and not "states"."is_triage";--> statement-breakpoint
-- Items waiting in intake are not live: the board counters leave them out until they are accepted.
CREATE OR REPLACE FUNCTION "issue_count_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_live boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND OLD.archived_at IS NULL AND NOT OLD.is_draft AND NOT OLD.is_intake;
  is_live boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.archived_at IS NULL AND NOT NEW.is_draft AND NOT NEW.is_intake;
BEGIN
  IF was_live AND is_live AND NEW.project_id = OLD.project_id AND NEW.state_id = OLD.state_id
     AND NEW.priority = OLD.priority THEN
    RETURN NULL;
  END IF;
  IF was_live THEN
    INSERT INTO "issue_count_deltas" ("project_id", "state_id", "priority", "n")
    VALUES (OLD.project_id, OLD.state_id, OLD.priority, -1);
  END IF;
  IF is_live THEN
    INSERT INTO "issue_count_deltas" ("project_id", "state_id", "priority", "n")
    VALUES (NEW.project_id, NEW.state_id, NEW.priority, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "issues_count_delta" ON "issues";
--> statement-breakpoint
CREATE TRIGGER "issues_count_delta"
AFTER INSERT OR DELETE OR UPDATE OF "project_id", "state_id", "priority", "deleted_at", "archived_at", "is_draft", "is_intake"
ON "issues" FOR EACH ROW EXECUTE FUNCTION "issue_count_delta"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "issue_group_count_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_live boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND OLD.archived_at IS NULL AND NOT OLD.is_draft AND NOT OLD.is_intake;
  is_live boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.archived_at IS NULL AND NOT NEW.is_draft AND NOT NEW.is_intake;
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
DROP TRIGGER "issues_group_count_delta" ON "issues";
--> statement-breakpoint
CREATE TRIGGER "issues_group_count_delta"
AFTER INSERT OR DELETE OR UPDATE OF "project_id", "state_id", "cycle_id", "module_ids", "deleted_at", "archived_at", "is_draft", "is_intake"
ON "issues" FOR EACH ROW EXECUTE FUNCTION "issue_group_count_delta"();
