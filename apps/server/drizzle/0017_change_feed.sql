-- Committed changes to what issue lists show, other than the work items themselves, name their
-- project on the kite_project_changed channel (NOTIFY is delivered on commit and folded per
-- transaction), so each app process can drop its cached list pages of that project; '*' means any
-- project (a user's name orders lists). Work items and their subscribers are left to the app: a
-- notifying transaction holds a database-wide lock through its commit, which would serialise
-- every work-item write; the app announces those after they commit instead (list-cache-feed.ts).
CREATE FUNCTION "notify_project_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('kite_project_changed', OLD.project_id::text);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.project_id IS DISTINCT FROM OLD.project_id) THEN
    PERFORM pg_notify('kite_project_changed', NEW.project_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_project_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kite_project_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_all_projects_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kite_project_changed', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "states_changed" AFTER INSERT OR UPDATE OR DELETE ON "states"
FOR EACH ROW EXECUTE FUNCTION "notify_project_changed"();
--> statement-breakpoint
CREATE TRIGGER "labels_changed" AFTER INSERT OR UPDATE OR DELETE ON "labels"
FOR EACH ROW EXECUTE FUNCTION "notify_project_changed"();
--> statement-breakpoint
CREATE TRIGGER "project_members_changed" AFTER INSERT OR UPDATE OR DELETE ON "project_members"
FOR EACH ROW EXECUTE FUNCTION "notify_project_changed"();
--> statement-breakpoint
CREATE TRIGGER "cycles_changed" AFTER INSERT OR UPDATE OR DELETE ON "cycles"
FOR EACH ROW EXECUTE FUNCTION "notify_project_changed"();
--> statement-breakpoint
CREATE TRIGGER "modules_changed" AFTER INSERT OR UPDATE OR DELETE ON "modules"
FOR EACH ROW EXECUTE FUNCTION "notify_project_changed"();
--> statement-breakpoint
CREATE TRIGGER "estimate_points_changed" AFTER INSERT OR UPDATE OR DELETE ON "estimate_points"
FOR EACH ROW EXECUTE FUNCTION "notify_project_changed"();
--> statement-breakpoint
CREATE TRIGGER "projects_changed" AFTER UPDATE OR DELETE ON "projects"
FOR EACH ROW EXECUTE FUNCTION "notify_project_row_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE OF "first_name", "display_name" ON "users"
FOR EACH ROW EXECUTE FUNCTION "notify_all_projects_changed"();
