CREATE TABLE "class_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "class_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	"added_by" text
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"school" text NOT NULL,
	"major" text NOT NULL,
	"level" text NOT NULL,
	"batch_year" integer NOT NULL,
	"batch" integer NOT NULL,
	"head_teacher_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "approval_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"step_id" integer,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_ccs" (
	"request_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_ccs_request_id_admin_id_pk" PRIMARY KEY("request_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "approval_flows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_flows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"steps" jsonb NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overdue_hours" integer DEFAULT 24 NOT NULL,
	"revoke_days" integer DEFAULT 7 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_flows_kind_unique" UNIQUE("kind")
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"title" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"half_days" integer DEFAULT 0 NOT NULL,
	"account_id" integer,
	"applicant_name" text NOT NULL,
	"submitted_by_admin_id" integer,
	"submitted_by_name" text,
	"head_teacher_id" integer,
	"status" text NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"overdue_hours" integer NOT NULL,
	"revoke_days" integer NOT NULL,
	"cc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_step_approvers" (
	"step_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"admin_name" text NOT NULL,
	"decision" text,
	"comment" text,
	"acted_at" timestamp with time zone,
	CONSTRAINT "approval_step_approvers_step_id_admin_id_pk" PRIMARY KEY("step_id","admin_id")
);
--> statement-breakpoint
CREATE TABLE "approval_steps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_steps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"round" integer NOT NULL,
	"seq" integer NOT NULL,
	"name" text NOT NULL,
	"approver" jsonb NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leave_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"type" text NOT NULL,
	"start_slot" integer NOT NULL,
	"end_slot" integer NOT NULL,
	"reason" text NOT NULL,
	"pictures" text[] DEFAULT '{}' NOT NULL,
	"status" text NOT NULL,
	"applied_by_admin_id" integer,
	"applied_by_name" text,
	"back_slot" integer,
	"back_recorded_by" text,
	"back_recorded_at" timestamp with time zone,
	"span" "int4range" GENERATED ALWAYS AS (int4range(start_slot, coalesce(back_slot, end_slot + 1))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_head_teacher_id_admins_id_fk" FOREIGN KEY ("head_teacher_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_actions" ADD CONSTRAINT "approval_actions_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_ccs" ADD CONSTRAINT "approval_ccs_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_step_approvers" ADD CONSTRAINT "approval_step_approvers_step_id_approval_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."approval_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_members_current_uq" ON "class_members" USING btree ("student_id") WHERE left_at IS NULL;--> statement-breakpoint
CREATE INDEX "class_members_class_idx" ON "class_members" USING btree ("class_id","student_id") WHERE left_at IS NULL;--> statement-breakpoint
CREATE INDEX "class_members_student_idx" ON "class_members" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "classes_head_teacher_idx" ON "classes" USING btree ("head_teacher_id");--> statement-breakpoint
CREATE INDEX "approval_actions_request_idx" ON "approval_actions" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "approval_ccs_admin_idx" ON "approval_ccs" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_subject_uq" ON "approval_requests" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "approval_requests_applicant_idx" ON "approval_requests" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_requests_status_idx" ON "approval_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_requests_created_idx" ON "approval_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "approval_step_approvers_waiting_idx" ON "approval_step_approvers" USING btree ("admin_id") WHERE decision IS NULL;--> statement-breakpoint
CREATE INDEX "approval_step_approvers_admin_idx" ON "approval_step_approvers" USING btree ("admin_id","acted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_steps_round_seq_uq" ON "approval_steps" USING btree ("request_id","round","seq");--> statement-breakpoint
CREATE INDEX "approval_steps_overdue_idx" ON "approval_steps" USING btree ("due_at") WHERE status = '审批中';--> statement-breakpoint
CREATE INDEX "leave_requests_student_idx" ON "leave_requests" USING btree ("student_id","start_slot");--> statement-breakpoint
CREATE INDEX "leave_requests_slots_idx" ON "leave_requests" USING btree ("start_slot","end_slot");--> statement-breakpoint
-- One student's leaves never overlap while under way or approved: the database refuses the second
-- (the student as a one-point range, so the built-in range GiST operator class serves both columns).
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_no_overlap" EXCLUDE USING gist (int4range("student_id", "student_id", '[]') WITH &&, "span" WITH &&) WHERE ("status" IN ('审批中', '已退回', '已通过'));--> statement-breakpoint
-- 学员 · 查看全部学员 is new: every position that saw the students keeps seeing all of them (a head
-- teacher's position without it sees only their classes' students).
UPDATE "positions" SET "rights" = array_append("rights", 'students.viewAll') WHERE 'students.view' = ANY("rights") AND NOT ('students.viewAll' = ANY("rights"));
