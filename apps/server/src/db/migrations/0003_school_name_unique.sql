-- Schools named alike (case and spacing aside) become one before the unique index: the oldest keeps its id, and
-- every row that refers to another one (users, classes, subscriptions, any later table) is moved to it.
DO $$
DECLARE r record;
BEGIN
  CREATE TEMP TABLE "school_merge" AS
    SELECT "id", min("id") OVER (PARTITION BY lower(regexp_replace(btrim("name"), '\s+', ' ', 'g'))) AS "keep" FROM "school";
  DELETE FROM "school_merge" WHERE "id" = "keep";
  FOR r IN
    SELECT c.conrelid::regclass AS tbl, a.attname AS col
    FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND c.confrelid = '"school"'::regclass
  LOOP
    EXECUTE format('UPDATE %s t SET %I = m."keep" FROM "school_merge" m WHERE t.%I = m."id"', r.tbl, r.col, r.col);
  END LOOP;
  DELETE FROM "school" s USING "school_merge" m WHERE s."id" = m."id";
  DROP TABLE "school_merge";
END $$;
--> statement-breakpoint
UPDATE "school" SET "name" = regexp_replace(btrim("name"), '\s+', ' ', 'g') WHERE "name" <> regexp_replace(btrim("name"), '\s+', ' ', 'g');
--> statement-breakpoint
DROP INDEX "school_name_lower_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "school_name_key" ON "school" USING btree (lower(regexp_replace(btrim("name"), '\s+', ' ', 'g')));