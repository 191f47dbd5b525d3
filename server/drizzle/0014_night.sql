CREATE TABLE "night_attendance" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "night_attendance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"way" text NOT NULL,
	"admin_id" integer,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "night_classes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "night_classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"teacher" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"capacity" integer NOT NULL,
	"signed_up" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"check_in_secret" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "night_classes_capacity_positive" CHECK ("night_classes"."capacity" > 0),
	CONSTRAINT "night_classes_seats" CHECK ("night_classes"."signed_up" >= 0 and "night_classes"."signed_up" <= "night_classes"."capacity"),
	CONSTRAINT "night_classes_time_order" CHECK ("night_classes"."ends_at" > "night_classes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "night_sign_ups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "night_sign_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "night_attendance" ADD CONSTRAINT "night_attendance_class_id_night_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."night_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_attendance" ADD CONSTRAINT "night_attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_attendance" ADD CONSTRAINT "night_attendance_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_sign_ups" ADD CONSTRAINT "night_sign_ups_class_id_night_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."night_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_sign_ups" ADD CONSTRAINT "night_sign_ups_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "night_attendance_uq" ON "night_attendance" USING btree ("class_id","student_id");--> statement-breakpoint
CREATE INDEX "night_attendance_student_idx" ON "night_attendance" USING btree ("student_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "night_classes_starts_idx" ON "night_classes" USING btree ("starts_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "night_sign_ups_active_uq" ON "night_sign_ups" USING btree ("class_id","student_id") WHERE "night_sign_ups"."status" = '已报名';--> statement-breakpoint
CREATE INDEX "night_sign_ups_class_idx" ON "night_sign_ups" USING btree ("class_id","id");--> statement-breakpoint
CREATE INDEX "night_sign_ups_student_idx" ON "night_sign_ups" USING btree ("student_id","id");