CREATE TABLE "thesis_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thesis_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"batch_year" integer NOT NULL,
	"batch" integer NOT NULL,
	"topic_from" date NOT NULL,
	"topic_to" date NOT NULL,
	"proposal_due" date NOT NULL,
	"draft_due" date NOT NULL,
	"final_due" date NOT NULL,
	"internship_due" date,
	"advisor_weight" integer NOT NULL,
	"defence_weight" integer NOT NULL,
	"pass_score" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thesis_defence_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thesis_defence_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thesis_batch_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"place" text,
	"online_url" text,
	"panel_ids" integer[] NOT NULL,
	"panel_names" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thesis_extensions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thesis_extensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"selection_id" integer NOT NULL,
	"stage" text NOT NULL,
	"until" date NOT NULL,
	"reason" text NOT NULL,
	"granted_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thesis_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thesis_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"selection_id" integer NOT NULL,
	"stage" text NOT NULL,
	"version" integer NOT NULL,
	"key" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"uploaded_by_name" text,
	"uploaded_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"comment" text,
	"comment_key" text,
	"comment_file_name" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "thesis_selections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thesis_selections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thesis_batch_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"advisor_id" integer NOT NULL,
	"status" text NOT NULL,
	"refusal" text,
	"decided_at" timestamp with time zone,
	"defence_session_id" integer,
	"advisor_score" integer,
	"defence_score" integer,
	"total_score" integer,
	"score_status" text NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thesis_topics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thesis_topics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thesis_batch_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"advisor_id" integer NOT NULL,
	"advisor_name" text NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"proposed_by_student_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thesis_topics_capacity" CHECK ("thesis_topics"."taken" >= 0 and "thesis_topics"."taken" <= "thesis_topics"."capacity")
);
--> statement-breakpoint
ALTER TABLE "thesis_defence_sessions" ADD CONSTRAINT "thesis_defence_sessions_thesis_batch_id_thesis_batches_id_fk" FOREIGN KEY ("thesis_batch_id") REFERENCES "public"."thesis_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_extensions" ADD CONSTRAINT "thesis_extensions_selection_id_thesis_selections_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."thesis_selections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_files" ADD CONSTRAINT "thesis_files_selection_id_thesis_selections_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."thesis_selections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_selections" ADD CONSTRAINT "thesis_selections_thesis_batch_id_thesis_batches_id_fk" FOREIGN KEY ("thesis_batch_id") REFERENCES "public"."thesis_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_selections" ADD CONSTRAINT "thesis_selections_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_selections" ADD CONSTRAINT "thesis_selections_topic_id_thesis_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."thesis_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_topics" ADD CONSTRAINT "thesis_topics_thesis_batch_id_thesis_batches_id_fk" FOREIGN KEY ("thesis_batch_id") REFERENCES "public"."thesis_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_topics" ADD CONSTRAINT "thesis_topics_proposed_by_student_id_students_id_fk" FOREIGN KEY ("proposed_by_student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "thesis_batches_batch_idx" ON "thesis_batches" USING btree ("batch_year","batch");--> statement-breakpoint
CREATE INDEX "thesis_defence_sessions_batch_idx" ON "thesis_defence_sessions" USING btree ("thesis_batch_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "thesis_extensions_stage_idx" ON "thesis_extensions" USING btree ("selection_id","stage");--> statement-breakpoint
CREATE UNIQUE INDEX "thesis_files_version_idx" ON "thesis_files" USING btree ("selection_id","stage","version");--> statement-breakpoint
CREATE UNIQUE INDEX "thesis_selections_live_idx" ON "thesis_selections" USING btree ("thesis_batch_id","student_id") WHERE status <> '已拒绝';--> statement-breakpoint
CREATE INDEX "thesis_selections_advisor_idx" ON "thesis_selections" USING btree ("advisor_id","thesis_batch_id");--> statement-breakpoint
CREATE INDEX "thesis_selections_student_idx" ON "thesis_selections" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "thesis_topics_batch_idx" ON "thesis_topics" USING btree ("thesis_batch_id","id");