CREATE TABLE "falling_grades" (
	"student_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"module_type" text NOT NULL,
	"recent_mean" numeric NOT NULL,
	"previous_mean" numeric NOT NULL,
	"latest_assessment_id" integer NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "falling_grades_student_id_unit_id_module_type_pk" PRIMARY KEY("student_id","unit_id","module_type")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"profile_id" integer NOT NULL,
	"kind" text NOT NULL,
	"frequency" text DEFAULT 'AT_ONCE' NOT NULL,
	"unsubscribe_token" text NOT NULL,
	CONSTRAINT "notification_preferences_profile_id_kind_pk" PRIMARY KEY("profile_id","kind"),
	CONSTRAINT "notification_preferences_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"student_id" integer,
	"assessment_id" integer,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "falling_grades" ADD CONSTRAINT "falling_grades_student_id_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "falling_grades" ADD CONSTRAINT "falling_grades_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_student_id_profiles_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "falling_grades_unit_idx" ON "falling_grades" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("id") WHERE mailed_at is null;--> statement-breakpoint
CREATE INDEX "notifications_student_idx" ON "notifications" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "assessments_insufficient_idx" ON "assessments" USING btree ("module_id") WHERE grade < 4 and status <> 'IN_PROGRESS';--> statement-breakpoint
-- The falling grades of some students, recomputed: per unit and module type, the last six
-- validated grades included in the grade summary, by the module's date; falling when the last
-- three sum at least 1.5 (three times 0.5) below the three before (sums, so no rounding of
-- means). A reason that appears tells the unit's course managers (notification AT_RISK).
CREATE FUNCTION refresh_falling_grades(p_students integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(p_students) = 0 THEN RETURN; END IF;
  WITH ranked AS (
    SELECT a.student_id, m.unit_id, m.module_type, a.id, a.grade,
      row_number() OVER (PARTITION BY a.student_id, m.unit_id, m.module_type
        ORDER BY coalesce(m.end_date, m.start_date, to_char(a.validated_at, 'YYYY-MM-DD')) DESC,
          a.validated_at DESC NULLS LAST, a.id DESC) AS rn
    FROM assessments a JOIN modules m ON m.id = a.module_id
    WHERE a.student_id = ANY(p_students) AND a.status <> 'IN_PROGRESS'
      AND a.is_included_in_grade_summary AND a.grade IS NOT NULL
  ), falling AS (
    SELECT student_id, unit_id, module_type,
      avg(grade) FILTER (WHERE rn <= 3) AS recent_mean,
      avg(grade) FILTER (WHERE rn > 3) AS previous_mean,
      min(id) FILTER (WHERE rn = 1) AS latest_id
    FROM ranked WHERE rn <= 6
    GROUP BY student_id, unit_id, module_type
    HAVING count(*) = 6
      AND sum(grade) FILTER (WHERE rn <= 3) <= sum(grade) FILTER (WHERE rn > 3) - 1.5
  ), gone AS (
    DELETE FROM falling_grades f
    WHERE f.student_id = ANY(p_students) AND NOT EXISTS (SELECT 1 FROM falling x
      WHERE x.student_id = f.student_id AND x.unit_id = f.unit_id AND x.module_type = f.module_type)
  ), kept AS (
    INSERT INTO falling_grades AS f
      (student_id, unit_id, module_type, recent_mean, previous_mean, latest_assessment_id)
    SELECT student_id, unit_id, module_type, recent_mean, previous_mean, latest_id FROM falling
    ON CONFLICT (student_id, unit_id, module_type) DO UPDATE SET recent_mean = excluded.recent_mean,
      previous_mean = excluded.previous_mean, latest_assessment_id = excluded.latest_assessment_id
    RETURNING f.student_id, f.unit_id, f.module_type, f.recent_mean, f.previous_mean,
      f.latest_assessment_id, (f.xmax = 0) AS appeared
  )
  INSERT INTO notifications (recipient_id, kind, student_id, assessment_id, params)
  SELECT DISTINCT s.profile_id, 'AT_RISK', k.student_id, k.latest_assessment_id,
    jsonb_build_object('reason', 'FALLING_GRADES', 'module_type', k.module_type,
      'recent_mean', trim_scale(round(k.recent_mean, 2))::text,
      'previous_mean', trim_scale(round(k.previous_mean, 2))::text)
  FROM kept k JOIN assignments s ON s.unit_id = k.unit_id AND s.role = 'COURSE_MANAGER'
  WHERE k.appeared;
END $$;--> statement-breakpoint
CREATE FUNCTION falling_grades_after_assessments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_falling_grades(array(SELECT DISTINCT student_id FROM new_rows
      WHERE status <> 'IN_PROGRESS' AND grade IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_falling_grades(array(SELECT DISTINCT student_id FROM old_rows
      WHERE status <> 'IN_PROGRESS' AND grade IS NOT NULL));
  ELSE
    PERFORM refresh_falling_grades(array(
      SELECT DISTINCT unnest(array[o.student_id, n.student_id])
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE ((o.status <> 'IN_PROGRESS' AND o.grade IS NOT NULL)
          OR (n.status <> 'IN_PROGRESS' AND n.grade IS NOT NULL))
        AND (o.status, o.grade, o.is_included_in_grade_summary, o.module_id, o.student_id,
          o.validated_at) IS DISTINCT FROM (n.status, n.grade, n.is_included_in_grade_summary,
          n.module_id, n.student_id, n.validated_at)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER falling_grades_on_insert AFTER INSERT ON assessments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION falling_grades_after_assessments();--> statement-breakpoint
CREATE TRIGGER falling_grades_on_update AFTER UPDATE ON assessments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION falling_grades_after_assessments();--> statement-breakpoint
CREATE TRIGGER falling_grades_on_delete AFTER DELETE ON assessments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION falling_grades_after_assessments();--> statement-breakpoint
-- a module's dates, type or unit order and group its grades
CREATE FUNCTION falling_grades_after_modules() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_falling_grades(array(
    SELECT DISTINCT a.student_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      JOIN assessments a ON a.module_id = n.id
    WHERE (o.start_date, o.end_date, o.module_type, o.unit_id)
        IS DISTINCT FROM (n.start_date, n.end_date, n.module_type, n.unit_id)
      AND a.status <> 'IN_PROGRESS' AND a.grade IS NOT NULL));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER falling_grades_on_module_update AFTER UPDATE ON modules
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION falling_grades_after_modules();
