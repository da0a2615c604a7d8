CREATE TABLE "profile_tallies" (
	"shard" smallint NOT NULL,
	"status" text NOT NULL,
	"profiles" bigint NOT NULL,
	CONSTRAINT "profile_tallies_shard_status_pk" PRIMARY KEY("shard","status")
);
--> statement-breakpoint
-- the tallies counted again from the profiles, in one shard: after a load that skipped the
-- triggers (the benchmark's), and here for the profiles that exist already
CREATE FUNCTION recount_profile_tallies() RETURNS void LANGUAGE sql AS $$
  DELETE FROM profile_tallies;
  INSERT INTO profile_tallies (shard, status, profiles)
  SELECT 0, status, count(*) FROM profiles GROUP BY status;
$$;--> statement-breakpoint
SELECT recount_profile_tallies();--> statement-breakpoint
-- each statement adds what it inserted and takes away what it deleted, status by status, to the
-- shard of its database session; a statement that changes no status writes nothing
CREATE FUNCTION profile_tallies_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text[] := '{}';
  removed text[] := '{}';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM profile_tallies;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN added := array(SELECT status FROM new_rows); END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN removed := array(SELECT status FROM old_rows); END IF;
  INSERT INTO profile_tallies AS t (shard, status, profiles)
  SELECT pg_backend_pid() % 64, c.status, sum(c.n)
  FROM (SELECT unnest(added) AS status, 1 AS n UNION ALL SELECT unnest(removed), -1) c
  GROUP BY c.status HAVING sum(c.n) <> 0 ORDER BY c.status
  ON CONFLICT (shard, status) DO UPDATE SET profiles = t.profiles + excluded.profiles;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profile_tallies_on_insert AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_tallies_after_change();--> statement-breakpoint
CREATE TRIGGER profile_tallies_on_update AFTER UPDATE ON profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_tallies_after_change();--> statement-breakpoint
CREATE TRIGGER profile_tallies_on_delete AFTER DELETE ON profiles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION profile_tallies_after_change();--> statement-breakpoint
CREATE TRIGGER profile_tallies_on_truncate AFTER TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION profile_tallies_after_change();
