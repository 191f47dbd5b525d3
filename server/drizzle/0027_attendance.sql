CREATE TABLE "attendance_make_ups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_make_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text NOT NULL,
	"way" text NOT NULL,
	"checked_in_at" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" double precision,
	"marked_by_id" integer,
	"marked_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_id" integer NOT NULL,
	"plan_key" text,
	"course" text NOT NULL,
	"teacher_id" integer,
	"teacher_name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"start_slot" integer NOT NULL,
	"end_slot" integer NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"online_url" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"check_in_secret" text NOT NULL,
	"swept_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_sessions_time_order" CHECK ("attendance_sessions"."ends_at" > "attendance_sessions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "attendance_warnings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_warnings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"threshold_percent" integer NOT NULL,
	"held" integer NOT NULL,
	"absent" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_make_ups" ADD CONSTRAINT "attendance_make_ups_session_id_attendance_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."attendance_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_make_ups" ADD CONSTRAINT "attendance_make_ups_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_session_id_attendance_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."attendance_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_marked_by_id_admins_id_fk" FOREIGN KEY ("marked_by_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_teacher_id_admins_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_warnings" ADD CONSTRAINT "attendance_warnings_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_make_ups_student_idx" ON "attendance_make_ups" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_make_ups_open_uq" ON "attendance_make_ups" USING btree ("session_id","student_id") WHERE "attendance_make_ups"."status" IN ('审批中', '已通过');--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_records_uq" ON "attendance_records" USING btree ("session_id","student_id");--> statement-breakpoint
CREATE INDEX "attendance_records_student_idx" ON "attendance_records" USING btree ("student_id","session_id");--> statement-breakpoint
CREATE INDEX "attendance_sessions_class_idx" ON "attendance_sessions" USING btree ("class_id","starts_at");--> statement-breakpoint
CREATE INDEX "attendance_sessions_teacher_idx" ON "attendance_sessions" USING btree ("teacher_id","starts_at");--> statement-breakpoint
CREATE INDEX "attendance_sessions_starts_idx" ON "attendance_sessions" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "attendance_sessions_unswept_idx" ON "attendance_sessions" USING btree ("ends_at") WHERE "attendance_sessions"."swept_at" IS NULL AND "attendance_sessions"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_warnings_uq" ON "attendance_warnings" USING btree ("student_id","threshold_percent");