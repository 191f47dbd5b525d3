DROP INDEX "withdrawals_one_pending_uq";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_provider" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_out_bill_no" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_bill_no" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_package" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_mch_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_app_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "transfer_fail_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_transfer_out_bill_uq" ON "withdrawals" USING btree ("transfer_out_bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_pending_uq" ON "withdrawals" USING btree ("partner_id") WHERE status in ('审核中', '待确认收款');