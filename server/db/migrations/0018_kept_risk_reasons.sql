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
	"student_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_reasons_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"day" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "risk_reasons_unit_idx" ON "risk_reasons" USING btree ("unit_id","student_id");--> statement-breakpoint
CREATE INDEX "risk_reasons_student_idx" ON "risk_reasons" USING btree ("student_id");--> statement-breakpoint
-- Marks the students whose kept at-risk reasons a change may alter, in the change's transaction.
-- A mark already there is updated rather than skipped: its row lock makes a list that works the
-- marks out wait for the change to commit, so it never reads the reasons from before the change.
CREATE FUNCTION mark_risk_reasons_stale(p_students integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO risk_reasons_stale AS s (student_id)
  SELECT DISTINCT x FROM unnest(p_students) AS x WHERE x IS NOT NULL ORDER BY x
  ON CONFLICT (student_id) DO UPDATE SET student_id = excluded.student_id;
$$;--> statement-breakpoint
-- the students of these assessments, whose self-assessment is submitted (only those count)
CREATE FUNCTION mark_risk_reasons_stale_of_submitted(p_assessments integer[]) RETURNS void
LANGUAGE sql AS $$
  SELECT mark_risk_reasons_stale(array(SELECT a.student_id FROM assessments a
    JOIN self_assessments sa ON sa.assessment_id = a.id AND sa.submitted_at IS NOT NULL
    WHERE a.id = ANY(p_assessments)));
$$;--> statement-breakpoint
-- an assessment's student, module, group, status, inclusion, validation or sign-offs, and the
-- grade of one that is not in progress
CREATE FUNCTION risk_reasons_after_assessments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mark_risk_reasons_stale(array(SELECT student_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mark_risk_reasons_stale(array(SELECT student_id FROM old_rows));
  ELSE
    PERFORM mark_risk_reasons_stale(array(SELECT unnest(array[o.student_id, n.student_id])
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.student_id, o.module_id, o.group_id, o.status, o.is_included_in_grade_summary,
          o.validated_at, o.signed_roles) IS DISTINCT FROM (n.student_id, n.module_id, n.group_id,
          n.status, n.is_included_in_grade_summary, n.validated_at, n.signed_roles)
        OR (o.grade IS DISTINCT FROM n.grade
          AND (o.status <> 'IN_PROGRESS' OR n.status <> 'IN_PROGRESS'))));
  END IF;
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
BEGIN
  PERFORM mark_risk_reasons_stale(array(SELECT a.student_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN assessments a ON a.module_id = n.id
    WHERE (o.start_date, o.end_date, o.module_type, o.unit_id)
      IS DISTINCT FROM (n.start_date, n.end_date, n.module_type, n.unit_id)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_module_update AFTER UPDATE ON modules
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_modules();--> statement-breakpoint
-- a self-assessment submitted, or a submitted one withdrawn or deleted
CREATE FUNCTION risk_reasons_after_self_assessments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mark_risk_reasons_stale(array(SELECT a.student_id FROM new_rows n
      JOIN assessments a ON a.id = n.assessment_id WHERE n.submitted_at IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mark_risk_reasons_stale(array(SELECT a.student_id FROM old_rows o
      JOIN assessments a ON a.id = o.assessment_id WHERE o.submitted_at IS NOT NULL));
  ELSE
    PERFORM mark_risk_reasons_stale(array(SELECT a.student_id
      FROM old_rows o JOIN new_rows n ON n.assessment_id = o.assessment_id
        JOIN assessments a ON a.id = n.assessment_id
      WHERE o.submitted_at IS DISTINCT FROM n.submitted_at));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_self_assessment_insert AFTER INSERT ON self_assessments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_self_assessments();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_self_assessment_update AFTER UPDATE ON self_assessments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_self_assessments();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_self_assessment_delete AFTER DELETE ON self_assessments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_self_assessments();--> statement-breakpoint
-- the student's or the trainer's evaluation of a criterion of a submitted self-assessment's report
CREATE FUNCTION risk_reasons_after_evaluations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mark_risk_reasons_stale_of_submitted(array(SELECT assessment_id FROM new_rows
      WHERE evaluation IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mark_risk_reasons_stale_of_submitted(array(SELECT assessment_id FROM old_rows
      WHERE evaluation IS NOT NULL));
  ELSE
    PERFORM mark_risk_reasons_stale_of_submitted(array(
      SELECT DISTINCT unnest(array[o.assessment_id, n.assessment_id])
      FROM old_rows o JOIN new_rows n
        ON n.assessment_id = o.assessment_id AND n.criterion_id = o.criterion_id
      WHERE o.evaluation IS DISTINCT FROM n.evaluation));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_evaluation_insert AFTER INSERT ON criterion_evaluations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_evaluations();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_evaluation_update AFTER UPDATE ON criterion_evaluations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_evaluations();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_evaluation_delete AFTER DELETE ON criterion_evaluations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_evaluations();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_self_evaluation_insert AFTER INSERT ON self_assessment_criteria
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_evaluations();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_self_evaluation_update AFTER UPDATE ON self_assessment_criteria
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_evaluations();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_self_evaluation_delete AFTER DELETE ON self_assessment_criteria
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_evaluations();--> statement-breakpoint
-- whether a report awaits a legal representative's sign-off: the student's birth date, or
-- without one, whether they have a legal representative
CREATE FUNCTION risk_reasons_after_birth_dates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM mark_risk_reasons_stale(array(SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.birth_date IS DISTINCT FROM n.birth_date));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_profile_update AFTER UPDATE ON profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_birth_dates();--> statement-breakpoint
CREATE FUNCTION risk_reasons_after_representatives() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM mark_risk_reasons_stale(array(SELECT student_id FROM new_rows));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM mark_risk_reasons_stale(array(SELECT student_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_representative_insert AFTER INSERT ON legal_representatives
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_representatives();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_representative_update AFTER UPDATE ON legal_representatives
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_representatives();--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_representative_delete AFTER DELETE ON legal_representatives
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_representatives();--> statement-breakpoint
-- emptied assessments (with their modules, units or students): every reason is worked out again
CREATE FUNCTION risk_reasons_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM risk_reasons_state;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER risk_reasons_on_assessment_truncate AFTER TRUNCATE ON assessments
  FOR EACH STATEMENT EXECUTE FUNCTION risk_reasons_after_truncate();
