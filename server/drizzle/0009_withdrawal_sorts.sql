CREATE INDEX "withdrawals_queue_asc_idx" ON "withdrawals" USING btree ((status <> '审核中'),"created_at","id");--> statement-breakpoint
CREATE INDEX "withdrawals_amount_idx" ON "withdrawals" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "withdrawals_status_amount_idx" ON "withdrawals" USING btree ("status","amount","id");--> statement-breakpoint
CREATE INDEX "withdrawals_partner_amount_idx" ON "withdrawals" USING btree ("partner_id","amount","id");