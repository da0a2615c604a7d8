CREATE TABLE "risk_students_tally" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"students" integer NOT NULL
);
--> statement-breakpoint
INSERT INTO "risk_students_tally" ("students") SELECT count(*) FROM "risk_students";--> statement-breakpoint
-- each statement adds what it inserted and takes away what it deleted; the ranking is only ever
-- written by the refresh (under its lock) and by erasure, so one row is enough
CREATE FUNCTION risk_students_tally_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    change := (SELECT count(*) FROM new_rows);
  ELSE
    change := -(SELECT count(*) FROM old_rows);
  END IF;
  IF change <> 0 THEN UPDATE risk_students_tally SET students = students + change; END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_students_tally_on_insert AFTER INSERT ON risk_students
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_students_tally_after_change();--> statement-breakpoint
CREATE TRIGGER risk_students_tally_on_delete AFTER DELETE ON risk_students
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_students_tally_after_change();
