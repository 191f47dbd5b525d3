DROP INDEX "partners_referrer_idx";--> statement-breakpoint
CREATE INDEX "partners_referrer_created_idx" ON "partners" USING btree ("referrer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clues_deal_ranking_idx" ON "clues" USING btree ("deal_at","partner_id") WHERE status = '已成交' AND deal_at IS NOT NULL;