CREATE TABLE "referral_bonus" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT '关闭' NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_bonus_single_row" CHECK ("referral_bonus"."id" = 1),
	CONSTRAINT "referral_bonus_amount_range" CHECK ("referral_bonus"."amount" >= 0),
	CONSTRAINT "referral_bonus_percent_range" CHECK ("referral_bonus"."percent" >= 0 AND "referral_bonus"."percent" <= 100)
);
--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "clues" ADD COLUMN "cancelled_by" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "debt_after" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "debt" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_ref_idx" ON "ledger_entries" USING btree ("ref_type","ref_id","partner_id") WHERE ref_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_debt_nonnegative" CHECK ("wallets"."debt" >= 0);