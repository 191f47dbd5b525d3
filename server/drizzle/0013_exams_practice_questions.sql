CREATE TABLE "questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"chapter_id" integer,
	"type" text NOT NULL,
	"difficulty" text NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exercise_answers" (
	"student_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"chapter_id" integer,
	"answer" jsonb NOT NULL,
	"correct" boolean,
	"times" integer DEFAULT 1 NOT NULL,
	"right_times" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_answers_student_id_question_id_pk" PRIMARY KEY("student_id","question_id"),
	CONSTRAINT "exercise_answers_counts" CHECK ("exercise_answers"."times" >= 1 and "exercise_answers"."right_times" >= 0 and "exercise_answers"."right_times" <= "exercise_answers"."times")
);
--> statement-breakpoint
CREATE TABLE "wrong_questions" (
	"student_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"wrong_count" integer DEFAULT 0 NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"last_wrong_at" timestamp with time zone,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mastered_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "wrong_questions_student_id_question_id_pk" PRIMARY KEY("student_id","question_id"),
	CONSTRAINT "wrong_questions_counts" CHECK ("wrong_questions"."wrong_count" >= 0 and "wrong_questions"."streak" >= 0)
);
--> statement-breakpoint
CREATE TABLE "attempt_questions" (
	"attempt_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_id" integer NOT NULL,
	"type" text NOT NULL,
	"stem" text NOT NULL,
	"options" jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"score" integer NOT NULL,
	"response" jsonb,
	"saved_at" timestamp with time zone,
	"correct" boolean,
	"earned" integer,
	"comment" text,
	"marked_at" timestamp with time zone,
	CONSTRAINT "attempt_questions_attempt_id_position_pk" PRIMARY KEY("attempt_id","position"),
	CONSTRAINT "attempt_questions_earned" CHECK ("attempt_questions"."earned" is null or ("attempt_questions"."earned" >= 0 and "attempt_questions"."earned" <= "attempt_questions"."score"))
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exam_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"paper_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"total_score" integer NOT NULL,
	"objective_score" integer,
	"subjective_score" integer,
	"score" integer,
	"pending_marks" integer DEFAULT 0 NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paper_questions" (
	"paper_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"score" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "paper_questions_paper_id_question_id_pk" PRIMARY KEY("paper_id","question_id"),
	CONSTRAINT "paper_questions_score_range" CHECK ("paper_questions"."score" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "paper_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paper_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"paper_id" integer NOT NULL,
	"chapter_id" integer,
	"type" text NOT NULL,
	"difficulty" text,
	"count" integer NOT NULL,
	"score" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "paper_rules_range" CHECK ("paper_rules"."count" between 1 and 200 and "paper_rules"."score" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "papers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"use" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"max_attempts" integer DEFAULT 1 NOT NULL,
	"pass_score" integer DEFAULT 0 NOT NULL,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"show_rank" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "papers_duration_range" CHECK ("papers"."duration_minutes" between 1 and 600),
	CONSTRAINT "papers_attempts_range" CHECK ("papers"."max_attempts" between 0 and 100),
	CONSTRAINT "papers_window" CHECK ("papers"."opens_at" is null or "papers"."closes_at" is null or "papers"."opens_at" < "papers"."closes_at")
);
--> statement-breakpoint
CREATE TABLE "student_question_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_question_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"author" text NOT NULL,
	"admin_id" integer,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"section_id" integer,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"student_unread" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"last_post_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_chapter_id_course_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."course_chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_answers" ADD CONSTRAINT "exercise_answers_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_answers" ADD CONSTRAINT "exercise_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_questions" ADD CONSTRAINT "wrong_questions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrong_questions" ADD CONSTRAINT "wrong_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_questions" ADD CONSTRAINT "attempt_questions_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_questions" ADD CONSTRAINT "attempt_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_marked_by_admins_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD CONSTRAINT "paper_questions_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_questions" ADD CONSTRAINT "paper_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_rules" ADD CONSTRAINT "paper_rules_paper_id_papers_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."papers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_rules" ADD CONSTRAINT "paper_rules_chapter_id_course_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."course_chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_question_posts" ADD CONSTRAINT "student_question_posts_question_id_student_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."student_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_question_posts" ADD CONSTRAINT "student_question_posts_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_questions" ADD CONSTRAINT "student_questions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_questions" ADD CONSTRAINT "student_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_questions" ADD CONSTRAINT "student_questions_section_id_course_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."course_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_course_idx" ON "questions" USING btree ("course_id","chapter_id","type","difficulty") WHERE "questions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "exercise_answers_course_idx" ON "exercise_answers" USING btree ("student_id","course_id","chapter_id");--> statement-breakpoint
CREATE INDEX "wrong_questions_book_idx" ON "wrong_questions" USING btree ("student_id","course_id","type") WHERE "wrong_questions"."mastered_at" is null and "wrong_questions"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_number_uq" ON "exam_attempts" USING btree ("paper_id","student_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_open_uq" ON "exam_attempts" USING btree ("paper_id","student_id") WHERE "exam_attempts"."status" = '答题中';--> statement-breakpoint
CREATE INDEX "exam_attempts_overdue_idx" ON "exam_attempts" USING btree ("ends_at") WHERE "exam_attempts"."status" = '答题中';--> statement-breakpoint
CREATE INDEX "exam_attempts_paper_idx" ON "exam_attempts" USING btree ("paper_id","status","student_id");--> statement-breakpoint
CREATE INDEX "exam_attempts_student_idx" ON "exam_attempts" USING btree ("student_id","started_at");--> statement-breakpoint
CREATE INDEX "paper_rules_paper_idx" ON "paper_rules" USING btree ("paper_id","sort");--> statement-breakpoint
CREATE INDEX "papers_course_idx" ON "papers" USING btree ("course_id","status");--> statement-breakpoint
CREATE INDEX "student_question_posts_thread_idx" ON "student_question_posts" USING btree ("question_id","id");--> statement-breakpoint
CREATE INDEX "student_questions_queue_idx" ON "student_questions" USING btree ("status","last_post_at");--> statement-breakpoint
CREATE INDEX "student_questions_student_idx" ON "student_questions" USING btree ("student_id","last_post_at");--> statement-breakpoint
CREATE INDEX "student_questions_unread_idx" ON "student_questions" USING btree ("student_id") WHERE "student_questions"."student_unread" > 0;