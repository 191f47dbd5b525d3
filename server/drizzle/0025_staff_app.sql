CREATE TABLE "admin_open_ids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_open_ids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer NOT NULL,
	"platform" text NOT NULL,
	"type" text NOT NULL,
	"open_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_open_ids" ADD CONSTRAINT "admin_open_ids_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_messages" ADD CONSTRAINT "approval_messages_request_id_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_open_ids_open_id_uq" ON "admin_open_ids" USING btree ("platform","type","open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_open_ids_admin_uq" ON "admin_open_ids" USING btree ("admin_id","platform","type");--> statement-breakpoint
CREATE INDEX "approval_messages_admin_idx" ON "approval_messages" USING btree ("admin_id","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_messages_unread_idx" ON "approval_messages" USING btree ("admin_id") WHERE read_at IS NULL;