CREATE TABLE "message_subscriptions" (
	"partner_id" integer NOT NULL,
	"template" text NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_subscriptions_partner_id_template_pk" PRIMARY KEY("partner_id","template")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"target_type" text,
	"target_id" integer,
	"dedupe_key" text,
	"read_at" timestamp with time zone,
	"push_state" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscribe_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscribe_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"open_id" text NOT NULL,
	"template_id" text NOT NULL,
	"page" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_subscriptions" ADD CONSTRAINT "message_subscriptions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_partner_unread_created_idx" ON "messages" USING btree ("partner_id",("read_at" IS NULL),"created_at","id");--> statement-breakpoint
CREATE INDEX "messages_partner_unread_idx" ON "messages" USING btree ("partner_id") WHERE "messages"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_dedupe_key_uq" ON "messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "messages_push_pending_idx" ON "messages" USING btree ("id") WHERE "messages"."push_state" = 'pending';--> statement-breakpoint
CREATE INDEX "ledger_commission_frozen_until_idx" ON "ledger_entries" USING btree ("frozen_until") WHERE "ledger_entries"."type" = '佣金';