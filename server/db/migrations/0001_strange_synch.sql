CREATE TABLE "assessment_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessment_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"group_id" integer,
	"student_id" integer NOT NULL,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"grade" numeric(8, 3),
	"is_included_in_grade_summary" boolean DEFAULT true NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"validated_at" timestamp with time zone,
	"validated_by" integer,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_evaluations" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"grade" numeric(8, 3)
);
--> statement-breakpoint
CREATE TABLE "cohort_students" (
	"cohort_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "cohort_students_cohort_id_student_id_pk" PRIMARY KEY("cohort_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "cohorts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unit_id" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "criterion_block_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"parent_id" integer,
	"order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"reference_color" text,
	"should_include_in_export" boolean DEFAULT true NOT NULL,
	"is_one_line" boolean DEFAULT false NOT NULL,
	"grading_formula" text DEFAULT 'OVER_FIVE_PLUS_ONE_ROUND' NOT NULL,
	"coefficient" numeric(8, 3) DEFAULT '1' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "criterion_evaluations" (
	"id" serial PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"criterion_id" integer NOT NULL,
	"evaluation" text,
	"text" text,
	"progression" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grade" numeric(8, 3),
	"letter" text,
	"points" numeric(8, 3),
	"trend" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "criterion_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"block_id" integer NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"has_evaluation" boolean DEFAULT false NOT NULL,
	"has_text_input" boolean DEFAULT false NOT NULL,
	"has_progression" boolean DEFAULT false NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grade" jsonb,
	"letter_evaluation" jsonb,
	"points" numeric(8, 3) DEFAULT '2' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_instructors" (
	"group_id" integer NOT NULL,
	"instructor_id" integer NOT NULL,
	CONSTRAINT "group_instructors_group_id_instructor_id_pk" PRIMARY KEY("group_id","instructor_id")
);
--> statement-breakpoint
CREATE TABLE "module_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"parent_id" integer,
	"source_block_id" integer,
	"order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"reference_color" text,
	"should_include_in_export" boolean DEFAULT true NOT NULL,
	"is_one_line" boolean DEFAULT false NOT NULL,
	"grading_formula" text DEFAULT 'OVER_FIVE_PLUS_ONE_ROUND' NOT NULL,
	"coefficient" numeric(8, 3) DEFAULT '1' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_criteria" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"block_id" integer NOT NULL,
	"source_criterion_id" integer,
	"order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"has_evaluation" boolean DEFAULT false NOT NULL,
	"has_text_input" boolean DEFAULT false NOT NULL,
	"has_progression" boolean DEFAULT false NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grade" jsonb,
	"letter_evaluation" jsonb,
	"points" numeric(8, 3) DEFAULT '2' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "module_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_name" text NOT NULL,
	"module_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'fr' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"rounding_formula" text DEFAULT 'TENTH' NOT NULL,
	"graded" boolean DEFAULT true NOT NULL,
	"unit_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"template_id" integer,
	"module_type" text NOT NULL,
	"language" text DEFAULT 'fr' NOT NULL,
	"rounding_formula" text DEFAULT 'TENTH' NOT NULL,
	"graded" boolean DEFAULT true NOT NULL,
	"unit_id" integer NOT NULL,
	"cohort_id" integer,
	"start_date" text,
	"end_date" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_groups" ADD CONSTRAINT "assessment_groups_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_transitions" ADD CONSTRAINT "assessment_transitions_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_transitions" ADD CONSTRAINT "assessment_transitions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_group_id_assessment_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."assessment_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_student_id_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_validated_by_users_id_fk" FOREIGN KEY ("validated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_evaluations" ADD CONSTRAINT "block_evaluations_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_evaluations" ADD CONSTRAINT "block_evaluations_block_id_module_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."module_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_students" ADD CONSTRAINT "cohort_students_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_students" ADD CONSTRAINT "cohort_students_student_id_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_block_templates" ADD CONSTRAINT "criterion_block_templates_template_id_module_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."module_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_block_templates" ADD CONSTRAINT "criterion_block_templates_parent_id_criterion_block_templates_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."criterion_block_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_evaluations" ADD CONSTRAINT "criterion_evaluations_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_evaluations" ADD CONSTRAINT "criterion_evaluations_criterion_id_module_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."module_criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "criterion_templates" ADD CONSTRAINT "criterion_templates_block_id_criterion_block_templates_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."criterion_block_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_instructors" ADD CONSTRAINT "group_instructors_group_id_assessment_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."assessment_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_instructors" ADD CONSTRAINT "group_instructors_instructor_id_profiles_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_blocks" ADD CONSTRAINT "module_blocks_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_blocks" ADD CONSTRAINT "module_blocks_parent_id_module_blocks_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."module_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_criteria" ADD CONSTRAINT "module_criteria_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_criteria" ADD CONSTRAINT "module_criteria_block_id_module_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."module_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_templates" ADD CONSTRAINT "module_templates_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_template_id_module_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."module_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_groups_module_idx" ON "assessment_groups" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "assessment_transitions_assessment_idx" ON "assessment_transitions" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "assessments_module_idx" ON "assessments" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "assessments_group_idx" ON "assessments" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "assessments_student_idx" ON "assessments" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "block_evaluations_unique_idx" ON "block_evaluations" USING btree ("assessment_id","block_id");--> statement-breakpoint
CREATE INDEX "cohort_students_student_idx" ON "cohort_students" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "cohorts_unit_idx" ON "cohorts" USING btree ("unit_id","status");--> statement-breakpoint
CREATE INDEX "criterion_block_templates_template_idx" ON "criterion_block_templates" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "criterion_block_templates_parent_idx" ON "criterion_block_templates" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "criterion_evaluations_unique_idx" ON "criterion_evaluations" USING btree ("assessment_id","criterion_id");--> statement-breakpoint
CREATE INDEX "criterion_templates_block_idx" ON "criterion_templates" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "group_instructors_instructor_idx" ON "group_instructors" USING btree ("instructor_id");--> statement-breakpoint
CREATE INDEX "module_blocks_module_idx" ON "module_blocks" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "module_criteria_module_idx" ON "module_criteria" USING btree ("module_id");--> statement-breakpoint
CREATE INDEX "module_criteria_block_idx" ON "module_criteria" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "module_templates_unit_idx" ON "module_templates" USING btree ("unit_id","status");--> statement-breakpoint
CREATE INDEX "modules_unit_idx" ON "modules" USING btree ("unit_id","status");--> statement-breakpoint
CREATE INDEX "modules_template_idx" ON "modules" USING btree ("template_id");