CREATE TABLE "night_attendance" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "night_attendance_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"way" text NOT NULL,
	"admin_id" integer,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "night_classes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "night_classes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"teacher" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"capacity" integer NOT NULL,
	"signed_up" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"check_in_secret" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "night_classes_capacity_positive" CHECK ("night_classes"."capacity" > 0),
	CONSTRAINT "night_classes_seats" CHECK ("night_classes"."signed_up" >= 0 and "night_classes"."signed_up" <= "night_classes"."capacity"),
	CONSTRAINT "night_classes_time_order" CHECK ("night_classes"."ends_at" > "night_classes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "night_sign_ups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "night_sign_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"class_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "good_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "good_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"good_id" integer NOT NULL,
	"good_name" text NOT NULL,
	"good_kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_points" integer NOT NULL,
	"total_points" integer NOT NULL,
	"status" text NOT NULL,
	"address_name" text,
	"address_phone" text,
	"address" text,
	"express_company" text,
	"express_no" text,
	"shipped_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "good_orders_quantity_positive" CHECK ("good_orders"."quantity" > 0),
	CONSTRAINT "good_orders_total" CHECK ("good_orders"."total_points" = "good_orders"."unit_points" * "good_orders"."quantity")
);
--> statement-breakpoint
CREATE TABLE "points_accounts" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"lifetime" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_accounts_balance_nonnegative" CHECK ("points_accounts"."balance" >= 0),
	CONSTRAINT "points_accounts_lifetime_nonnegative" CHECK ("points_accounts"."lifetime" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"way_id" integer NOT NULL,
	"description" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"points" integer,
	"note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_levels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"min_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_levels_min_points_unique" UNIQUE("min_points"),
	CONSTRAINT "points_levels_min_nonnegative" CHECK ("points_levels"."min_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"change" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"type" text NOT NULL,
	"way_id" integer,
	"way_kind" text,
	"ref_type" text,
	"ref_id" text,
	"note" text,
	"admin_id" integer,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_records_change_nonzero" CHECK ("points_records"."change" <> 0),
	CONSTRAINT "points_records_balance_nonnegative" CHECK ("points_records"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_ways" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ways_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"points" integer NOT NULL,
	"daily_cap" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ways_kind_unique" UNIQUE("kind"),
	CONSTRAINT "points_ways_points_positive" CHECK ("points_ways"."points" > 0),
	CONSTRAINT "points_ways_daily_cap_nonnegative" CHECK ("points_ways"."daily_cap" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_goods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"cover" text,
	"description" text,
	"points" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"per_person_limit" integer DEFAULT 0 NOT NULL,
	"course_id" integer,
	"status" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_goods_points_positive" CHECK ("shop_goods"."points" > 0),
	CONSTRAINT "shop_goods_stock_nonnegative" CHECK ("shop_goods"."stock" >= 0),
	CONSTRAINT "shop_goods_sold_nonnegative" CHECK ("shop_goods"."sold" >= 0),
	CONSTRAINT "shop_goods_limit_nonnegative" CHECK ("shop_goods"."per_person_limit" >= 0),
	CONSTRAINT "shop_goods_voucher_course" CHECK (("shop_goods"."kind" = '课程券') = ("shop_goods"."course_id" IS NOT NULL))
);
--> statement-breakpoint
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
ALTER TABLE "night_attendance" ADD CONSTRAINT "night_attendance_class_id_night_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."night_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_attendance" ADD CONSTRAINT "night_attendance_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_attendance" ADD CONSTRAINT "night_attendance_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_sign_ups" ADD CONSTRAINT "night_sign_ups_class_id_night_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."night_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "night_sign_ups" ADD CONSTRAINT "night_sign_ups_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "good_orders" ADD CONSTRAINT "good_orders_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "good_orders" ADD CONSTRAINT "good_orders_good_id_shop_goods_id_fk" FOREIGN KEY ("good_id") REFERENCES "public"."shop_goods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_applications" ADD CONSTRAINT "points_applications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_applications" ADD CONSTRAINT "points_applications_way_id_points_ways_id_fk" FOREIGN KEY ("way_id") REFERENCES "public"."points_ways"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_applications" ADD CONSTRAINT "points_applications_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_records" ADD CONSTRAINT "points_records_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_records" ADD CONSTRAINT "points_records_way_id_points_ways_id_fk" FOREIGN KEY ("way_id") REFERENCES "public"."points_ways"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_records" ADD CONSTRAINT "points_records_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_goods" ADD CONSTRAINT "shop_goods_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_standards" ADD CONSTRAINT "fee_standards_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_voided_by_admins_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "night_attendance_uq" ON "night_attendance" USING btree ("class_id","student_id");--> statement-breakpoint
CREATE INDEX "night_attendance_student_idx" ON "night_attendance" USING btree ("student_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "night_classes_starts_idx" ON "night_classes" USING btree ("starts_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "night_sign_ups_active_uq" ON "night_sign_ups" USING btree ("class_id","student_id") WHERE "night_sign_ups"."status" = '已报名';--> statement-breakpoint
CREATE INDEX "night_sign_ups_class_idx" ON "night_sign_ups" USING btree ("class_id","id");--> statement-breakpoint
CREATE INDEX "night_sign_ups_student_idx" ON "night_sign_ups" USING btree ("student_id","id");--> statement-breakpoint
CREATE INDEX "good_orders_student_idx" ON "good_orders" USING btree ("student_id","created_at","id");--> statement-breakpoint
CREATE INDEX "good_orders_student_good_idx" ON "good_orders" USING btree ("student_id","good_id");--> statement-breakpoint
CREATE INDEX "good_orders_status_idx" ON "good_orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "good_orders_created_idx" ON "good_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "points_applications_status_idx" ON "points_applications" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "points_applications_student_idx" ON "points_applications" USING btree ("student_id","created_at","id");--> statement-breakpoint
CREATE INDEX "points_applications_created_idx" ON "points_applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "points_records_ref_uq" ON "points_records" USING btree ("student_id","type","ref_type","ref_id") WHERE "points_records"."ref_type" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "points_records_student_idx" ON "points_records" USING btree ("student_id","created_at","id");--> statement-breakpoint
CREATE INDEX "points_records_student_type_idx" ON "points_records" USING btree ("student_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "points_records_cap_idx" ON "points_records" USING btree ("student_id","way_kind","day");--> statement-breakpoint
CREATE INDEX "points_records_created_idx" ON "points_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shop_goods_status_idx" ON "shop_goods" USING btree ("status","sort","id");--> statement-breakpoint
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