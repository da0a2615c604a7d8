ALTER TABLE "assessments" ADD COLUMN "signed_roles" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
DROP INDEX "assessments_module_idx";--> statement-breakpoint
-- the roles of the reports' standing sign-offs, sorted, written where they changed
CREATE FUNCTION refresh_signed_roles(p_assessments int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE assessments a SET signed_roles = r.roles
  FROM (SELECT t.id, coalesce((SELECT array_agg(sg.role ORDER BY sg.role) FROM signatures sg
      WHERE sg.assessment_id = t.id AND sg.voided_at IS NULL), '{}') AS roles
    FROM unnest(p_assessments) AS t(id)) r
  WHERE a.id = r.id AND a.signed_roles IS DISTINCT FROM r.roles;
END $$;--> statement-breakpoint
SELECT refresh_signed_roles(array(SELECT DISTINCT assessment_id FROM signatures
  WHERE voided_at IS NULL));--> statement-breakpoint
CREATE INDEX "assessments_module_idx" ON "assessments" USING btree ("module_id","group_id","student_id","status","validated_at","created_at","signed_roles","id");--> statement-breakpoint
-- a sign-off, a void or a delete (with its assessment, its signer's profile) refreshes the
-- reports it touched; a change of comment touches none
CREATE FUNCTION signed_roles_after_signatures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_signed_roles(array(SELECT DISTINCT assessment_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_signed_roles(array(SELECT DISTINCT assessment_id FROM old_rows));
  ELSE
    PERFORM refresh_signed_roles(array(SELECT DISTINCT unnest(array[o.assessment_id, n.assessment_id])
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.assessment_id, o.role, o.voided_at)
        IS DISTINCT FROM (n.assessment_id, n.role, n.voided_at)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER signed_roles_on_insert AFTER INSERT ON signatures
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION signed_roles_after_signatures();--> statement-breakpoint
CREATE TRIGGER signed_roles_on_update AFTER UPDATE ON signatures
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION signed_roles_after_signatures();--> statement-breakpoint
CREATE TRIGGER signed_roles_on_delete AFTER DELETE ON signatures
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION signed_roles_after_signatures();
