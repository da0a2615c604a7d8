CREATE TABLE "risk_students" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"severity" integer NOT NULL,
	"lowest" numeric,
	"last_name" text COLLATE "und-x-icu" NOT NULL,
	"first_name" text COLLATE "und-x-icu" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "risk_students_order_idx" ON "risk_students" USING btree ("severity" DESC NULLS FIRST,"lowest","last_name","first_name","student_id");--> statement-breakpoint
-- the canton's list orders students by name and lists active ones only: a change of name or
-- status marks the student, as a change of birth date did (the function's new name says so)
ALTER FUNCTION risk_reasons_after_birth_date() RENAME TO risk_reasons_after_profile;--> statement-breakpoint
DROP TRIGGER risk_reasons_on_birth_date_update ON profiles;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_profile_update AFTER UPDATE OF birth_date, first_name, last_name, status, erased_at ON profiles
  FOR EACH ROW WHEN ((old.birth_date, old.first_name, old.last_name, old.status, old.erased_at)
    IS DISTINCT FROM (new.birth_date, new.first_name, new.last_name, new.status, new.erased_at))
  EXECUTE FUNCTION risk_reasons_after_profile();--> statement-breakpoint
-- the next refresh works every student out again, into both tables
DELETE FROM risk_reasons_state;
