DROP INDEX "assessments_group_idx";--> statement-breakpoint
CREATE INDEX "assessments_group_student_idx" ON "assessments" USING btree ("group_id","student_id","id");