CREATE TABLE "clue_follow_ups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "clue_follow_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clue_id" integer NOT NULL,
	"admin_id" integer NOT NULL,
	"admin_name" text NOT NULL,
	"method" text NOT NULL,
	"note" text NOT NULL,
	"next_contact_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer NOT NULL,
	"admin_name" text NOT NULL,
	"admin_role" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"summary" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "clues_created_idx";--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "last_touched_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "next_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clue_follow_ups" ADD CONSTRAINT "clue_follow_ups_clue_id_clues_id_fk" FOREIGN KEY ("clue_id") REFERENCES "public"."clues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clue_follow_ups_clue_created_idx" ON "clue_follow_ups" USING btree ("clue_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_created_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_admin_created_idx" ON "audit_logs" USING btree ("admin_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_action_created_idx" ON "audit_logs" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_entity_created_idx" ON "audit_logs" USING btree ("entity_type","entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "partners_referrer_idx" ON "partners" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "clues_status_created_idx" ON "clues" USING btree ("status","created_at","id","assignee_id");--> statement-breakpoint
CREATE INDEX "clues_assignee_created_idx" ON "clues" USING btree ("assignee_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clues_source_created_idx" ON "clues" USING btree ("source","created_at","id");--> statement-breakpoint
CREATE INDEX "clues_activity_created_idx" ON "clues" USING btree ("activity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clues_deal_at_idx" ON "clues" USING btree ("deal_at") WHERE deal_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "clues_open_touched_idx" ON "clues" USING btree ("last_touched_at","assignee_id") WHERE status IN ('待跟进', '跟进中');--> statement-breakpoint
CREATE INDEX "clues_next_contact_idx" ON "clues" USING btree ("next_contact_at","assignee_id") WHERE next_contact_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_created_idx" ON "ledger_entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_type_created_idx" ON "ledger_entries" USING btree ("type","created_at","id","amount");--> statement-breakpoint
CREATE INDEX "withdrawals_queue_idx" ON "withdrawals" USING btree ((status = '审核中'),"created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_paid_idx" ON "withdrawals" USING btree ("handled_at","amount") WHERE status = '已打款';--> statement-breakpoint
CREATE INDEX "clues_created_idx" ON "clues" USING btree ("created_at","id","assignee_id");--> statement-breakpoint
-- Hand-written: clues that existed before were last touched when created or first followed.
UPDATE "clues" SET "last_touched_at" = coalesce("followed_at", "created_at");--> statement-breakpoint
-- Hand-written: the audit log is append-only. UPDATE, DELETE and TRUNCATE are refused by the database itself.
CREATE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_logs is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_logs_no_update_delete BEFORE UPDATE OR DELETE ON "audit_logs" FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only();--> statement-breakpoint
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON "audit_logs" FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only();
