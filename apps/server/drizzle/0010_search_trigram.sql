-- Work-item search matches names with ILIKE '%term%'; without an index that scans every row of the
-- workspace's projects (~100 ms at 50,000 items). A trigram index answers it from the term's trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "issues_name_trgm_idx" ON "issues" USING gin ("name" gin_trgm_ops);
