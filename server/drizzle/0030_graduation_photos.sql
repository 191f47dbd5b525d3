CREATE TABLE "graduation_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "graduation_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"collection_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"key" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_collections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photo_collections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"batch_year" integer NOT NULL,
	"batch" integer NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"min_kb" integer NOT NULL,
	"max_kb" integer NOT NULL,
	"background" text NOT NULL,
	"naming" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "graduation_photos" ADD CONSTRAINT "graduation_photos_collection_id_photo_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."photo_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "graduation_photos" ADD CONSTRAINT "graduation_photos_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "graduation_photos_student_idx" ON "graduation_photos" USING btree ("collection_id","student_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "graduation_photos_live_idx" ON "graduation_photos" USING btree ("collection_id","student_id") WHERE status in ('审批中', '已通过');--> statement-breakpoint
CREATE UNIQUE INDEX "photo_collections_batch_idx" ON "photo_collections" USING btree ("batch_year","batch");