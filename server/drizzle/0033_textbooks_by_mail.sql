CREATE TABLE "parcel_tracks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parcel_tracks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parcel_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"context" text NOT NULL,
	"status" text,
	"area_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parcels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source_type" text NOT NULL,
	"source_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"title" text NOT NULL,
	"carrier" text NOT NULL,
	"waybill_no" text NOT NULL,
	"state" text NOT NULL,
	"exception" text,
	"exception_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"handled_by" integer,
	"handled_note" text,
	"last_track_at" timestamp with time zone,
	"last_context" text,
	"signed_at" timestamp with time zone,
	"subscribed_at" timestamp with time zone,
	"subscribe_error" text,
	"received_at" timestamp with time zone,
	"shipped_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_pushes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_pushes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"carrier" text NOT NULL,
	"waybill_no" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"parcel_id" integer,
	"state" text,
	"status" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "textbook_mailings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "textbook_mailings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"term" text NOT NULL,
	"target_school" text,
	"target_major" text,
	"target_level" text,
	"target_batch_year" integer,
	"target_batch" integer,
	"target_class_id" integer,
	"books" jsonb NOT NULL,
	"address_deadline" date NOT NULL,
	"status" text NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "textbook_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "textbook_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mailing_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"receiver" text,
	"phone" text,
	"province" text,
	"city" text,
	"district" text,
	"street" text,
	"confirmed_at" timestamp with time zone,
	"corrected_at" timestamp with time zone,
	"corrected_by" integer,
	"parcel_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "textbook_records_address_whole" CHECK (("textbook_records"."confirmed_at" is null) or ("textbook_records"."receiver" is not null and "textbook_records"."phone" is not null and "textbook_records"."province" is not null and "textbook_records"."street" is not null))
);
--> statement-breakpoint
ALTER TABLE "parcel_tracks" ADD CONSTRAINT "parcel_tracks_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_pushes" ADD CONSTRAINT "tracking_pushes_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_mailings" ADD CONSTRAINT "textbook_mailings_target_class_id_classes_id_fk" FOREIGN KEY ("target_class_id") REFERENCES "public"."classes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_records" ADD CONSTRAINT "textbook_records_mailing_id_textbook_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."textbook_mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_records" ADD CONSTRAINT "textbook_records_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "textbook_records" ADD CONSTRAINT "textbook_records_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_tracks_once_idx" ON "parcel_tracks" USING btree ("parcel_id","time","context");--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_source_idx" ON "parcels" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_waybill_idx" ON "parcels" USING btree ("carrier","waybill_no");--> statement-breakpoint
CREATE INDEX "parcels_student_idx" ON "parcels" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "parcels_open_exception_idx" ON "parcels" USING btree ("exception_at") WHERE "parcels"."exception" is not null and "parcels"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "parcels_created_idx" ON "parcels" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_pushes_once_idx" ON "tracking_pushes" USING btree ("carrier","waybill_no","dedupe_key");--> statement-breakpoint
CREATE INDEX "textbook_mailings_created_idx" ON "textbook_mailings" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "textbook_records_once_idx" ON "textbook_records" USING btree ("mailing_id","student_id");--> statement-breakpoint
CREATE INDEX "textbook_records_student_idx" ON "textbook_records" USING btree ("student_id");