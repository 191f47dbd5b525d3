-- WeChat subscribe-message acceptances belong to the person (issue 22): a student accepts the
-- notice template on the notices page, a partner the partner's templates, one count per account.
ALTER TABLE "message_subscriptions" ADD COLUMN "account_id" integer;--> statement-breakpoint
UPDATE "message_subscriptions" s SET "account_id" = p."account_id" FROM "partners" p WHERE p."id" = s."partner_id";--> statement-breakpoint
ALTER TABLE "message_subscriptions" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "message_subscriptions" DROP CONSTRAINT "message_subscriptions_partner_id_partners_id_fk";--> statement-breakpoint
ALTER TABLE "message_subscriptions" DROP CONSTRAINT "message_subscriptions_partner_id_template_pk";--> statement-breakpoint
ALTER TABLE "message_subscriptions" DROP COLUMN "partner_id";--> statement-breakpoint
ALTER TABLE "message_subscriptions" ADD CONSTRAINT "message_subscriptions_account_id_template_pk" PRIMARY KEY("account_id","template");--> statement-breakpoint
ALTER TABLE "message_subscriptions" ADD CONSTRAINT "message_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
