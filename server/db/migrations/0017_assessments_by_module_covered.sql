ALTER TABLE "assessments" ADD COLUMN "signed_roles" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- the roles of each report's standing sign-offs, sorted (as the trigger below keeps them)
UPDATE assessments a SET signed_roles = s.roles
FROM (SELECT assessment_id, array_agg(role ORDER BY role) AS roles FROM signatures
  WHERE voided_at IS NULL GROUP BY assessment_id) s
WHERE s.assessment_id = a.id;--> statement-breakpoint
DROP INDEX "assessments_module_idx";--> statement-breakpoint
CREATE INDEX "assessments_module_idx" ON "assessments" USING btree ("module_id","group_id","student_id","status","validated_at","created_at","signed_roles","id");--> statement-breakpoint
-- a sign-off, a void or a delete (with its assessment, its signer's profile) sets the roles of
-- the reports it touched again from their standing sign-offs; a change of comment touches none
CREATE FUNCTION signed_roles_after_signatures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := array(SELECT DISTINCT assessment_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    touched := array(SELECT DISTINCT assessment_id FROM old_rows);
  ELSE
    touched := array(SELECT DISTINCT unnest(array[o.assessment_id, n.assessment_id])
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.assessment_id, o.role, o.voided_at)
        IS DISTINCT FROM (n.assessment_id, n.role, n.voided_at));
  END IF;
  IF cardinality(touched) > 0 THEN
    UPDATE assessments a SET signed_roles = r.roles
    FROM (SELECT t.id, coalesce((SELECT array_agg(sg.role ORDER BY sg.role) FROM signatures sg
        WHERE sg.assessment_id = t.id AND sg.voided_at IS NULL), '{}') AS roles
      FROM unnest(touched) AS t(id)) r
    WHERE a.id = r.id AND a.signed_roles IS DISTINCT FROM r.roles;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER signed_roles_on_insert AFTER INSERT ON signatures
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION signed_roles_after_signatures();--> statement-breakpoint
CREATE TRIGGER signed_roles_on_update AFTER UPDATE ON signatures
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION signed_roles_after_signatures();--> statement-breakpoint
CREATE TRIGGER signed_roles_on_delete AFTER DELETE ON signatures
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION signed_roles_after_signatures();
