CREATE TABLE "graduates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "graduates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"audit_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"certificate_no" text NOT NULL,
	"graduated_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "graduates_student_id_unique" UNIQUE("student_id"),
	CONSTRAINT "graduates_certificate_no_unique" UNIQUE("certificate_no")
);
--> statement-breakpoint
CREATE TABLE "graduation_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "graduation_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audit_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text NOT NULL,
	"checklist" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "graduation_audits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "graduation_audits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"batch_year" integer NOT NULL,
	"batch" integer NOT NULL,
	"graduation_date" date NOT NULL,
	"required_course_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"last_certificate_seq" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "graduation_condition_marks" (
	"condition_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"met" boolean NOT NULL,
	"marked_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "graduation_condition_marks_condition_id_student_id_pk" PRIMARY KEY("condition_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "graduation_conditions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "graduation_conditions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"audit_id" integer NOT NULL,
	"name" text NOT NULL,
	"programme" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "graduates" ADD CONSTRAINT "graduates_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduates" ADD CONSTRAINT "graduates_audit_id_graduation_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."graduation_audits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduates" ADD CONSTRAINT "graduates_application_id_graduation_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."graduation_applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduation_applications" ADD CONSTRAINT "graduation_applications_audit_id_graduation_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."graduation_audits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduation_applications" ADD CONSTRAINT "graduation_applications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduation_condition_marks" ADD CONSTRAINT "graduation_condition_marks_condition_id_graduation_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."graduation_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduation_condition_marks" ADD CONSTRAINT "graduation_condition_marks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduation_conditions" ADD CONSTRAINT "graduation_conditions_audit_id_graduation_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."graduation_audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "graduates_audit_idx" ON "graduates" USING btree ("audit_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "graduation_applications_live_idx" ON "graduation_applications" USING btree ("student_id") WHERE status in ('审批中', '已通过');--> statement-breakpoint
CREATE INDEX "graduation_applications_audit_idx" ON "graduation_applications" USING btree ("audit_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "graduation_audits_batch_idx" ON "graduation_audits" USING btree ("batch_year","batch");--> statement-breakpoint
CREATE INDEX "graduation_conditions_audit_idx" ON "graduation_conditions" USING btree ("audit_id");