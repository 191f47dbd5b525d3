CREATE TABLE "departments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "departments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"leader_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "enroll_targets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enroll_targets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"month" text NOT NULL,
	"admin_id" integer,
	"department_id" integer,
	"follow_target" integer DEFAULT 0 NOT NULL,
	"deal_target" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enroll_targets_one_owner" CHECK (("enroll_targets"."admin_id" IS NULL) <> ("enroll_targets"."department_id" IS NULL)),
	CONSTRAINT "enroll_targets_month_format" CHECK ("enroll_targets"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "enroll_targets_nonnegative" CHECK ("enroll_targets"."follow_target" >= 0 AND "enroll_targets"."deal_target" >= 0)
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "department_id" integer;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enroll_targets" ADD CONSTRAINT "enroll_targets_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enroll_targets" ADD CONSTRAINT "enroll_targets_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enroll_targets_month_admin_uq" ON "enroll_targets" USING btree ("month","admin_id") WHERE admin_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "enroll_targets_month_department_uq" ON "enroll_targets" USING btree ("month","department_id") WHERE department_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clues_assignee_assigned_idx" ON "clues" USING btree ("assignee_id","assigned_at");--> statement-breakpoint
CREATE INDEX "clue_follow_ups_admin_created_idx" ON "clue_follow_ups" USING btree ("admin_id","created_at","clue_id");--> statement-breakpoint
-- Issue 26, slice "targets": backfill clues.assigned_at for clues assigned before the column existed.
-- Run once, after the migration that adds the column. The latest audit entry that gave the clue to its
-- current assignee (分配线索 or 领取线索) tells when; a clue taken by acting on it from the pool (no
-- such entry) falls back to its first follow, then to its creation.
UPDATE clues c
SET assigned_at = COALESCE(
  (
    SELECT max(a.created_at)
    FROM audit_logs a
    WHERE a.entity_type = 'clue'
      AND a.entity_id = c.id::text
      AND a.action IN ('clue.assign', 'clue.take')
      AND (a.after ->> 'assigneeId') = c.assignee_id::text
  ),
  c.followed_at,
  c.created_at
)
WHERE c.assignee_id IS NOT NULL AND c.assigned_at IS NULL;
