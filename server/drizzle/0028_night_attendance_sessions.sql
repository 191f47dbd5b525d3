ALTER TABLE "attendance_sessions" ALTER COLUMN "class_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD COLUMN "night_class_id" integer;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_night_class_id_night_classes_id_fk" FOREIGN KEY ("night_class_id") REFERENCES "public"."night_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_night_class_id_unique" UNIQUE("night_class_id");--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_class_or_night" CHECK (("attendance_sessions"."class_id" IS NULL) <> ("attendance_sessions"."night_class_id" IS NULL));--> statement-breakpoint
-- Every night class becomes a session of the attendance module (its half-days on Beijing time),
-- looked at by the warnings sweep already (a night class has no class to warn).
INSERT INTO "attendance_sessions" ("night_class_id", "course", "teacher_name", "starts_at", "ends_at", "start_slot", "end_slot", "place", "check_in_secret", "swept_at")
SELECT "id", "subject", "teacher", "starts_at", "ends_at",
  ((("starts_at" + interval '8 hours') AT TIME ZONE 'UTC')::date - date '2000-01-01') * 2
    + (extract(hour from ("starts_at" + interval '8 hours') AT TIME ZONE 'UTC') >= 12)::int,
  ((("ends_at" - interval '1 millisecond' + interval '8 hours') AT TIME ZONE 'UTC')::date - date '2000-01-01') * 2
    + (extract(hour from ("ends_at" - interval '1 millisecond' + interval '8 hours') AT TIME ZONE 'UTC') >= 12)::int,
  "place", "check_in_secret", now()
FROM "night_classes";--> statement-breakpoint
-- Its attendance becomes the session's records: 出勤, by the same way, at the same time, by the same operator.
INSERT INTO "attendance_records" ("session_id", "student_id", "status", "way", "checked_in_at", "marked_by_id", "created_at", "updated_at")
SELECT s."id", a."student_id", '出勤', a."way", a."checked_in_at", a."admin_id", a."checked_in_at", a."checked_in_at"
FROM "night_attendance" a JOIN "attendance_sessions" s ON s."night_class_id" = a."class_id";--> statement-breakpoint
DROP TABLE "night_attendance" CASCADE;
