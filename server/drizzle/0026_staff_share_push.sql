CREATE TABLE "approval_subscriptions" (
	"admin_id" integer NOT NULL,
	"template" text NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_subscriptions_admin_id_template_pk" PRIMARY KEY("admin_id","template")
);
--> statement-breakpoint
ALTER TABLE "clues" ALTER COLUMN "partner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "share_code" text;--> statement-breakpoint
ALTER TABLE "approval_messages" ADD COLUMN "push_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
CREATE INDEX "approval_messages_push_pending_idx" ON "approval_messages" USING btree ("id") WHERE push_state = 'pending';--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_share_code_unique" UNIQUE("share_code");