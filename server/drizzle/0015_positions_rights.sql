CREATE TABLE "positions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rights" text[] DEFAULT '{}' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_name_unique" UNIQUE("name")
);
--> statement-breakpoint
-- Today's three roles become the three built-in positions (packages/domain rights.ts BUILTIN_RIGHTS;
-- a test checks these lists against it). 管理员 holds every right in code, whatever its row lists.
INSERT INTO "positions" ("name", "description", "rights", "builtin") VALUES
  ('管理员', '全部权限', '{}'::text[], true),
  ('财务', '提现打款、资金流水、缴费与退款', ARRAY['dashboard.view', 'students.view', 'students.export', 'rollRequests.view', 'courses.view', 'studentQuestions.view', 'exams.view', 'night.view', 'points.view', 'fees.view', 'fees.edit', 'fees.refund', 'fees.export', 'orders.view', 'orders.create', 'withdrawals.view', 'withdrawals.pay', 'withdrawals.export', 'ledger.view', 'ledger.adjust', 'ledger.export', 'data.reveal', 'data.unmaskedExport']::text[], true),
  ('招生老师', '跟进线索、登记学员、答疑与夜校', ARRAY['dashboard.view', 'clues.view', 'clues.work', 'clues.export', 'students.view', 'students.edit', 'students.export', 'rollRequests.view', 'rollRequests.approve', 'courses.view', 'studentQuestions.view', 'studentQuestions.answer', 'exams.view', 'night.view', 'night.edit', 'points.view', 'fees.view', 'activities.view', 'activities.edit', 'volunteer.view', 'volunteer.edit', 'targets.export', 'departments.view', 'data.reveal']::text[], true);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "position_id" integer;--> statement-breakpoint
UPDATE "admins" SET "position_id" = (SELECT "id" FROM "positions" WHERE "positions"."name" = "admins"."role" AND "builtin");--> statement-breakpoint
UPDATE "admins" SET "position_id" = (SELECT "id" FROM "positions" WHERE "name" = '招生老师') WHERE "position_id" IS NULL;--> statement-breakpoint
ALTER TABLE "admins" ALTER COLUMN "position_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admins_position_idx" ON "admins" USING btree ("position_id");--> statement-breakpoint
ALTER TABLE "admins" DROP COLUMN "role";--> statement-breakpoint
-- A position's rights changed or it went: every server forgets the cached sessions of its operators
-- ('o:<position id>', modules/sessions/session-cache.ts), so the change holds from their next call.
CREATE TRIGGER positions_changed AFTER UPDATE OR DELETE ON positions
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed('o');
