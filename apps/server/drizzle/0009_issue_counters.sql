CREATE TABLE "issue_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"state_id" uuid NOT NULL,
	"priority" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "issues_project_created_idx";--> statement-breakpoint
ALTER TABLE "issue_count_deltas" ADD CONSTRAINT "issue_count_deltas_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_count_deltas_project_idx" ON "issue_count_deltas" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "activities_issue_idx" ON "activities" USING btree ("issue_id","created_at");--> statement-breakpoint
CREATE INDEX "issues_list_created_idx" ON "issues" USING btree ("project_id","created_at" DESC NULLS LAST,"id") WHERE "issues"."deleted_at" is null and "issues"."archived_at" is null and not "issues"."is_draft";--> statement-breakpoint
CREATE FUNCTION "issue_count_delta"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_live boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND OLD.archived_at IS NULL AND NOT OLD.is_draft;
  is_live boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.archived_at IS NULL AND NOT NEW.is_draft;
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
CREATE TRIGGER "issues_count_delta"
AFTER INSERT OR DELETE OR UPDATE OF "project_id", "state_id", "priority", "deleted_at", "archived_at", "is_draft"
ON "issues" FOR EACH ROW EXECUTE FUNCTION "issue_count_delta"();
--> statement-breakpoint
INSERT INTO "issue_count_deltas" ("project_id", "state_id", "priority", "n")
SELECT "project_id", "state_id", "priority", count(*)::int FROM "issues"
WHERE "deleted_at" IS NULL AND "archived_at" IS NULL AND NOT "is_draft"
GROUP BY 1, 2, 3;
