CREATE TABLE "sign_in_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_in_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"admin_id" integer,
	"account_id" integer,
	"identifier" text,
	"name" text,
	"method" text NOT NULL,
	"success" boolean NOT NULL,
	"reason" text,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_records_kind" CHECK ("sign_in_records"."kind" in ('operator', 'app')),
	CONSTRAINT "sign_in_records_reason" CHECK (("sign_in_records"."success" and "sign_in_records"."reason" is null) or (not "sign_in_records"."success" and "sign_in_records"."reason" is not null))
);
--> statement-breakpoint
CREATE INDEX "sign_in_records_created_idx" ON "sign_in_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sign_in_records_admin_created_idx" ON "sign_in_records" USING btree ("admin_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sign_in_records_ip_created_idx" ON "sign_in_records" USING btree ("ip","created_at");