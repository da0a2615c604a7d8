CREATE TABLE "self_assessment_criteria" (
	"assessment_id" integer NOT NULL,
	"criterion_id" integer NOT NULL,
	"evaluation" text,
	"text" text DEFAULT '' NOT NULL,
	CONSTRAINT "self_assessment_criteria_assessment_id_criterion_id_pk" PRIMARY KEY("assessment_id","criterion_id")
);
--> statement-breakpoint
CREATE TABLE "self_assessments" (
	"assessment_id" integer PRIMARY KEY NOT NULL,
	"view" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"representative_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"role" text NOT NULL,
	"profile_id" integer NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"assessment_version" integer NOT NULL,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "training_goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"goal" text NOT NULL,
	"measure" text DEFAULT '' NOT NULL,
	"due_date" date,
	"responsible" text NOT NULL,
	"review_status" text,
	"review_comment" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "self_assessment_criteria" ADD CONSTRAINT "self_assessment_criteria_assessment_id_self_assessments_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."self_assessments"("assessment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_assessment_criteria" ADD CONSTRAINT "self_assessment_criteria_criterion_id_module_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."module_criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_assessments" ADD CONSTRAINT "self_assessments_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_links" ADD CONSTRAINT "sign_links_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_links" ADD CONSTRAINT "sign_links_representative_id_profiles_id_fk" FOREIGN KEY ("representative_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_goals" ADD CONSTRAINT "training_goals_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_goals" ADD CONSTRAINT "training_goals_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_links_token_idx" ON "sign_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sign_links_assessment_idx" ON "sign_links" USING btree ("assessment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signatures_standing_idx" ON "signatures" USING btree ("assessment_id","role") WHERE voided_at is null;--> statement-breakpoint
CREATE INDEX "signatures_profile_idx" ON "signatures" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "training_goals_assessment_idx" ON "training_goals" USING btree ("assessment_id","id");