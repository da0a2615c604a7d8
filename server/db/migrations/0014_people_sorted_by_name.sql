-- a manager's or an instructor's people sorted by name from the index alone, not row by row
CREATE INDEX "profiles_id_names_idx" ON "profiles" USING btree ("id","last_name","first_name");