-- Committed changes to who may see what (sessions, users, workspaces, projects and their
-- memberships) are announced on kite_access_changed, so that every app process drops its cached
-- session lookups (domains/auth/access-cache.ts). One notification per statement; these tables
-- change seldom next to the reads, and a new session (an INSERT) makes nothing stale.
CREATE FUNCTION "notify_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kite_access_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_access_changed" AFTER UPDATE OR DELETE ON "sessions"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_access_changed" AFTER INSERT OR UPDATE OR DELETE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "workspaces_access_changed" AFTER INSERT OR UPDATE OR DELETE ON "workspaces"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "workspace_members_access_changed" AFTER INSERT OR UPDATE OR DELETE ON "workspace_members"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "projects_access_changed" AFTER INSERT OR UPDATE OR DELETE ON "projects"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "project_members_access_changed" AFTER INSERT OR UPDATE OR DELETE ON "project_members"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
