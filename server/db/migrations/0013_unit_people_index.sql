-- a unit's people (profile lists, the scopes of who sees whom) read from the index alone
DROP INDEX "assignments_unit_role_idx";--> statement-breakpoint
CREATE INDEX "assignments_unit_role_profile_idx" ON "assignments" USING btree ("unit_id","role","profile_id");