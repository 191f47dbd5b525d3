CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"student_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"order_id" integer,
	"discount" integer,
	"used_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"batch_no" text,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_value_positive" CHECK ("coupons"."value" > 0),
	CONSTRAINT "coupons_rate_range" CHECK ("coupons"."kind" <> '折扣券' OR "coupons"."value" BETWEEN 1 AND 99)
);
--> statement-breakpoint
CREATE TABLE "fee_standards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fee_standards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school" text NOT NULL,
	"major" text NOT NULL,
	"level" text NOT NULL,
	"batch_year" integer,
	"batch" integer,
	"fee_kind" text NOT NULL,
	"academic_year" text NOT NULL,
	"name" text NOT NULL,
	"amount" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_standards_amount_positive" CHECK ("fee_standards"."amount" > 0),
	CONSTRAINT "fee_standards_batch_needs_year" CHECK ("fee_standards"."batch" IS NULL OR "fee_standards"."batch_year" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"refund_no" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"provider" text,
	"provider_refund_id" text,
	"fail_reason" text,
	"auto" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "order_refunds_refund_no_unique" UNIQUE("refund_no"),
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipt_sequences" (
	"day" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"receipt_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"student_id" integer,
	"payer" text NOT NULL,
	"items" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"amount_capitals" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"payee" text NOT NULL,
	"seal" text,
	"status" text NOT NULL,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"voided_by" integer,
	"replaces_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_receipt_no_unique" UNIQUE("receipt_no")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "student_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_standard_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "academic_year" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_standards" ADD CONSTRAINT "fee_standards_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_voided_by_admins_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_created_idx" ON "coupons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "coupons_status_created_idx" ON "coupons" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_order_uq" ON "coupons" USING btree ("order_id") WHERE "coupons"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "fee_standards_created_idx" ON "fee_standards" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "fee_standards_school_major_idx" ON "fee_standards" USING btree ("school","major","level");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_refunds_status_idx" ON "order_refunds" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "receipts_order_idx" ON "receipts" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_order_valid_uq" ON "receipts" USING btree ("order_id") WHERE "receipts"."status" = '有效';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_student_created_idx" ON "orders" USING btree ("student_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_student_standard_year_uq" ON "orders" USING btree ("student_id","fee_standard_id","academic_year") WHERE "orders"."fee_standard_id" IS NOT NULL AND "orders"."cancelled_at" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_range" CHECK ("orders"."discount" >= 0 AND "orders"."discount" < "orders"."amount");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_range" CHECK ("orders"."refunded" >= 0 AND "orders"."refunded" <= "orders"."amount" - "orders"."discount");