CREATE TABLE "read_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"reader_user_id" integer,
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"object_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "read_log" ADD CONSTRAINT "read_log_reader_user_id_users_id_fk" FOREIGN KEY ("reader_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "read_log" ADD CONSTRAINT "read_log_student_id_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "read_log_student_idx" ON "read_log" USING btree ("student_id","at");