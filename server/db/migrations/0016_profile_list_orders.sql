CREATE INDEX "profiles_status_name_idx" ON "profiles" USING btree ("status","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "profiles_first_name_idx" ON "profiles" USING btree ("first_name","last_name","id");--> statement-breakpoint
CREATE INDEX "profiles_email_idx" ON "profiles" USING btree ("email","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at","last_name","first_name","id");