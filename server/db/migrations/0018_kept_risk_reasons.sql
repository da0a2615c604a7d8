CREATE TABLE "risk_reasons" (
	"student_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"reason" text NOT NULL,
	"weight" integer NOT NULL,
	"assessment_id" integer,
	"group_id" integer,
	"module_type" text NOT NULL,
	"grade" text,
	"recent_mean" text,
	"previous_mean" text,
	"semester_start" text,
	"semester_end" text
);
--> statement-breakpoint
CREATE TABLE "risk_reasons_stale" (
	"student_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_reasons_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"day" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "risk_reasons_unit_idx" ON "risk_reasons" USING btree ("unit_id","student_id");--> statement-breakpoint
CREATE INDEX "risk_reasons_student_idx" ON "risk_reasons" USING btree ("student_id");--> statement-breakpoint
-- Marks the students whose kept at-risk reasons a change may alter, in the change's transaction:
-- a row per change, never updated, so a change waits for no list and no other change, and a
-- list works out only the marks of the changes committed before it. The triggers call it only
-- with students (PL/pgSQL keeps its plans; a call costs little).
CREATE FUNCTION mark_risk_reasons_stale(p_students integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO risk_reasons_stale (student_id)
  SELECT DISTINCT x FROM unnest(p_students) AS x WHERE x IS NOT NULL;
END $$;--> statement-breakpoint
-- an assessment's student, module, group, status, inclusion, validation or sign-offs, and the
-- grade of one that is not in progress (a criterion PATCH of one in progress marks nobody)
CREATE FUNCTION risk_reasons_after_assessments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  students integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    students := array(SELECT student_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    students := array(SELECT student_id FROM old_rows);
  ELSE
    students := array(SELECT unnest(array[o.student_id, n.student_id])
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.student_id, o.module_id, o.group_id, o.status, o.is_included_in_grade_summary,
          o.validated_at, o.signed_roles) IS DISTINCT FROM (n.student_id, n.module_id, n.group_id,
          n.status, n.is_included_in_grade_summary, n.validated_at, n.signed_roles)
        OR (o.grade IS DISTINCT FROM n.grade
          AND (o.status <> 'IN_PROGRESS' OR n.status <> 'IN_PROGRESS')));
  END IF;
  IF cardinality(students) > 0 THEN PERFORM mark_risk_reasons_stale(students); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_assessment_insert AFTER INSERT ON assessments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_assessments();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_assessment_update AFTER UPDATE ON assessments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_assessments();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_assessment_delete AFTER DELETE ON assessments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_assessments();--> statement-breakpoint
-- a module's dates, type or unit
CREATE FUNCTION risk_reasons_after_modules() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  students integer[] := array(SELECT a.student_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN assessments a ON a.module_id = n.id
    WHERE (o.start_date, o.end_date, o.module_type, o.unit_id)
      IS DISTINCT FROM (n.start_date, n.end_date, n.module_type, n.unit_id));
BEGIN
  IF cardinality(students) > 0 THEN PERFORM mark_risk_reasons_stale(students); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_module_update AFTER UPDATE ON modules
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_modules();--> statement-breakpoint
-- a self-assessment submitted, or a submitted one withdrawn or deleted
CREATE FUNCTION risk_reasons_after_self_assessment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM mark_risk_reasons_stale(array(SELECT student_id FROM assessments
      WHERE id = old.assessment_id));
  ELSE
    PERFORM mark_risk_reasons_stale(array(SELECT student_id FROM assessments
      WHERE id = new.assessment_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_self_assessment_insert AFTER INSERT ON self_assessments
  FOR EACH ROW WHEN (new.submitted_at IS NOT NULL) EXECUTE FUNCTION risk_reasons_after_self_assessment();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_self_assessment_update AFTER UPDATE OF submitted_at ON self_assessments
  FOR EACH ROW WHEN (old.submitted_at IS DISTINCT FROM new.submitted_at) EXECUTE FUNCTION risk_reasons_after_self_assessment();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_self_assessment_delete AFTER DELETE ON self_assessments
  FOR EACH ROW WHEN (old.submitted_at IS NOT NULL) EXECUTE FUNCTION risk_reasons_after_self_assessment();--> statement-breakpoint
-- the student's or the trainer's evaluation of a criterion of a report whose self-assessment is
-- submitted: row by row, so an evaluation that does not change calls nothing
CREATE FUNCTION risk_reasons_after_evaluation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  report integer;
BEGIN
  IF TG_OP = 'DELETE' THEN report := old.assessment_id; ELSE report := new.assessment_id; END IF;
  IF EXISTS (SELECT 1 FROM self_assessments
      WHERE assessment_id = report AND submitted_at IS NOT NULL) THEN
    PERFORM mark_risk_reasons_stale(array(SELECT student_id FROM assessments WHERE id = report));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_evaluation_insert AFTER INSERT ON criterion_evaluations
  FOR EACH ROW WHEN (new.evaluation IS NOT NULL) EXECUTE FUNCTION risk_reasons_after_evaluation();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_evaluation_update AFTER UPDATE OF evaluation ON criterion_evaluations
  FOR EACH ROW WHEN (old.evaluation IS DISTINCT FROM new.evaluation) EXECUTE FUNCTION risk_reasons_after_evaluation();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_evaluation_delete AFTER DELETE ON criterion_evaluations
  FOR EACH ROW WHEN (old.evaluation IS NOT NULL) EXECUTE FUNCTION risk_reasons_after_evaluation();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_self_evaluation_insert AFTER INSERT ON self_assessment_criteria
  FOR EACH ROW WHEN (new.evaluation IS NOT NULL) EXECUTE FUNCTION risk_reasons_after_evaluation();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_self_evaluation_update AFTER UPDATE OF evaluation ON self_assessment_criteria
  FOR EACH ROW WHEN (old.evaluation IS DISTINCT FROM new.evaluation) EXECUTE FUNCTION risk_reasons_after_evaluation();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_self_evaluation_delete AFTER DELETE ON self_assessment_criteria
  FOR EACH ROW WHEN (old.evaluation IS NOT NULL) EXECUTE FUNCTION risk_reasons_after_evaluation();--> statement-breakpoint
-- whether a report awaits a legal representative's sign-off: the student's birth date, or
-- without one, whether they have a legal representative
CREATE FUNCTION risk_reasons_after_birth_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_risk_reasons_stale(array[new.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_birth_date_update AFTER UPDATE OF birth_date ON profiles
  FOR EACH ROW WHEN (old.birth_date IS DISTINCT FROM new.birth_date) EXECUTE FUNCTION risk_reasons_after_birth_date();--> statement-breakpoint
CREATE FUNCTION risk_reasons_after_representative() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM mark_risk_reasons_stale(array[new.student_id]); END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM mark_risk_reasons_stale(array[old.student_id]); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_representative_change AFTER INSERT OR UPDATE OR DELETE ON legal_representatives
  FOR EACH ROW EXECUTE FUNCTION risk_reasons_after_representative();--> statement-breakpoint
-- emptied assessments (with their modules, units or students): every reason is worked out again
CREATE FUNCTION risk_reasons_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM risk_reasons_state;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_assessment_truncate AFTER TRUNCATE ON assessments
  FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_truncate();
