CREATE TABLE "issue_mentions" (
	"issue_id" uuid NOT NULL,
	"mention_id" uuid NOT NULL,
	CONSTRAINT "issue_mentions_issue_id_mention_id_pk" PRIMARY KEY("issue_id","mention_id")
);
--> statement-breakpoint
ALTER TABLE "issue_mentions" ADD CONSTRAINT "issue_mentions_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_mentions_mention_idx" ON "issue_mentions" USING btree ("mention_id");--> statement-breakpoint
CREATE FUNCTION "issue_mentions_of"(html text) RETURNS SETOF uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT substring(t.tag FROM 'entity_identifier="([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"')::uuid
  FROM (SELECT lower(m[1]) AS tag FROM regexp_matches(coalesce(html, ''), '<mention-component\M[^>]*>', 'gi') AS m) t
  WHERE t.tag LIKE '%entity_name="user_mention"%'
    AND t.tag ~ 'entity_identifier="[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"'
$$;
--> statement-breakpoint
CREATE FUNCTION "issue_mentions_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "issue_mentions" WHERE "issue_id" = NEW.id;
  END IF;
  INSERT INTO "issue_mentions" ("issue_id", "mention_id")
  SELECT NEW.id, mention FROM "issue_mentions_of"(NEW.description_html) AS mention;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "issues_mentions_insert"
AFTER INSERT ON "issues"
FOR EACH ROW WHEN (NEW.description_html LIKE '%mention-component%') EXECUTE FUNCTION "issue_mentions_sync"();
--> statement-breakpoint
CREATE TRIGGER "issues_mentions_update"
AFTER UPDATE OF "description_html" ON "issues"
FOR EACH ROW WHEN (NEW.description_html IS DISTINCT FROM OLD.description_html) EXECUTE FUNCTION "issue_mentions_sync"();
--> statement-breakpoint
INSERT INTO "issue_mentions" ("issue_id", "mention_id")
SELECT i.id, mention FROM "issues" i, LATERAL "issue_mentions_of"(i.description_html) AS mention
WHERE i.description_html LIKE '%mention-component%';
