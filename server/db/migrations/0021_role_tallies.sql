CREATE TABLE "role_tallies" (
	"shard" smallint NOT NULL,
	"status" text NOT NULL,
	"role" text NOT NULL,
	"profiles" bigint NOT NULL,
	CONSTRAINT "role_tallies_shard_status_role_pk" PRIMARY KEY("shard","status","role")
);
--> statement-breakpoint
-- the tallies counted again from the assignments, in one shard: after a load that skipped the
-- triggers (the benchmark's), and here for the assignments that exist already
CREATE FUNCTION recount_role_tallies() RETURNS void LANGUAGE sql AS $$
  DELETE FROM role_tallies;
  INSERT INTO role_tallies (shard, status, role, profiles)
  SELECT 0, p.status, h.role, count(*)
  FROM (SELECT DISTINCT profile_id, role FROM assignments) h JOIN profiles p ON p.id = h.profile_id
  GROUP BY p.status, h.role;
$$;--> statement-breakpoint
SELECT recount_role_tallies();--> statement-breakpoint
-- Waits until no other transaction may change the roles of `people`: one lock per 64th of the
-- profiles (a bounded number for an import of thousands), taken in order. A session then reads
-- their roles after the others' changes committed, so two sessions giving one person a role in
-- two units count them once.
CREATE FUNCTION lock_role_holders(people integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bucket integer;
BEGIN
  FOR bucket IN SELECT DISTINCT id % 64 FROM unnest(people) id ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtext('role-tallies'), bucket);
  END LOOP;
END $$;--> statement-breakpoint
-- adds each (status, role, +1 or -1) to the session's shard; one that sums to nothing writes
-- nothing
CREATE FUNCTION add_to_role_tallies(statuses text[], roles text[], deltas integer[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO role_tallies AS t (shard, status, role, profiles)
  SELECT pg_backend_pid() % 64, d.status, d.role, sum(d.n)
  FROM unnest(statuses, roles, deltas) AS d(status, role, n)
  GROUP BY d.status, d.role HAVING sum(d.n) <> 0 ORDER BY d.status, d.role
  ON CONFLICT (shard, status, role) DO UPDATE SET profiles = t.profiles + excluded.profiles;
$$;--> statement-breakpoint
-- each statement on assignments adds, person by person, the roles they hold now and takes away
-- those they held before it (what they hold now, less the statement's new rows, plus its old)
CREATE FUNCTION role_tallies_after_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_ids integer[] := '{}';
  new_people integer[] := '{}';
  old_people integer[] := '{}';
  old_roles text[] := '{}';
  people integer[];
  held record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM role_tallies;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(array_agg(id), '{}'), coalesce(array_agg(profile_id), '{}')
      INTO new_ids, new_people FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(array_agg(profile_id), '{}'), coalesce(array_agg(role), '{}')
      INTO old_people, old_roles FROM old_rows;
  END IF;
  people := array(SELECT DISTINCT unnest(new_people || old_people));
  PERFORM lock_role_holders(people);
  -- by the present status of each person (a person deleted by the statement counts no more)
  SELECT array_agg(p.status) AS statuses, array_agg(c.role) AS roles, array_agg(c.n) AS deltas
    INTO held
  FROM (
    SELECT DISTINCT profile_id, role, 1 AS n FROM assignments WHERE profile_id = ANY(people)
    UNION ALL
    SELECT profile_id, role, -1 FROM (
      SELECT profile_id, role FROM assignments
      WHERE profile_id = ANY(people) AND id <> ALL(new_ids)
      UNION
      SELECT * FROM unnest(old_people, old_roles)
    ) before
  ) c JOIN profiles p ON p.id = c.profile_id;
  PERFORM add_to_role_tallies(held.statuses, held.roles, held.deltas);
  RETURN NULL;
END $$;--> statement-breakpoint
-- a status change moves each role its people hold from the old status to the new
CREATE FUNCTION role_tallies_after_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  people integer[];
BEGIN
  people := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.status IS DISTINCT FROM o.status);
  IF cardinality(people) = 0 THEN RETURN NULL; END IF;
  PERFORM lock_role_holders(people);
  PERFORM add_to_role_tallies(array_agg(c.status), array_agg(c.role), array_agg(c.n))
  FROM (
    SELECT DISTINCT h.profile_id, h.role FROM assignments h WHERE h.profile_id = ANY(people)
  ) h
  JOIN new_rows n ON n.id = h.profile_id JOIN old_rows o ON o.id = h.profile_id
  CROSS JOIN LATERAL (VALUES (n.status, h.role, 1), (o.status, h.role, -1)) AS c(status, role, n);
  RETURN NULL;
END $$;--> statement-breakpoint
-- a deleted person's roles leave the tallies while the person is still there to say their
-- status: the assignments deleted with them find no one to count
CREATE FUNCTION role_tallies_before_profile_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_role_holders(array[OLD.id]);
  PERFORM add_to_role_tallies(array_agg(OLD.status), array_agg(role), array_agg(-1))
  FROM (SELECT DISTINCT role FROM assignments WHERE profile_id = OLD.id) h;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER role_tallies_on_insert AFTER INSERT ON assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION role_tallies_after_assignments();--> statement-breakpoint
CREATE TRIGGER role_tallies_on_update AFTER UPDATE ON assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION role_tallies_after_assignments();--> statement-breakpoint
CREATE TRIGGER role_tallies_on_delete AFTER DELETE ON assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION role_tallies_after_assignments();--> statement-breakpoint
CREATE TRIGGER role_tallies_on_truncate AFTER TRUNCATE ON assignments
  FOR EACH STATEMENT EXECUTE FUNCTION role_tallies_after_assignments();--> statement-breakpoint
CREATE TRIGGER role_tallies_on_status AFTER UPDATE ON profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION role_tallies_after_status();--> statement-breakpoint
CREATE TRIGGER role_tallies_on_profile_delete BEFORE DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION role_tallies_before_profile_delete();
