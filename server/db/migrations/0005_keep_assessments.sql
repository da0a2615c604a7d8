ALTER TABLE "assessments" DROP CONSTRAINT "assessments_student_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_student_id_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;