CREATE TABLE "accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "roll_modify_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roll_modify_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text NOT NULL,
	"reason" text,
	"status" text NOT NULL,
	"refuse_reason" text,
	"reviewed_by" integer,
	"reviewed_by_name" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"admin_id" integer,
	"admin_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer DEFAULT 0 NOT NULL,
	"phone" text NOT NULL,
	"name" text NOT NULL,
	"id_card" text,
	"gender" text,
	"education_type" text NOT NULL,
	"school" text NOT NULL,
	"major" text NOT NULL,
	"level" text NOT NULL,
	"programme" text,
	"discipline" text,
	"batch_year" integer NOT NULL,
	"batch" integer NOT NULL,
	"student_no" text,
	"status" text NOT NULL,
	"remark" text,
	"clue_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_account_id_unique" UNIQUE("account_id"),
	CONSTRAINT "students_phone_unique" UNIQUE("phone"),
	CONSTRAINT "students_student_no_unique" UNIQUE("student_no"),
	CONSTRAINT "students_clue_id_unique" UNIQUE("clue_id")
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"notice_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_reads_student_id_notice_id_pk" PRIMARY KEY("student_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text NOT NULL,
	"target_school" text,
	"target_major" text,
	"target_level" text,
	"target_batch_year" integer,
	"target_batch" integer,
	"status" text NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "open_id_bindings_partner_uq";--> statement-breakpoint
DROP INDEX "messages_partner_unread_created_idx";--> statement-breakpoint
DROP INDEX "messages_partner_unread_idx";--> statement-breakpoint
ALTER TABLE "open_id_bindings" ALTER COLUMN "partner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "partner_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "account_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "open_id_bindings" ADD COLUMN "account_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "account_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- One account per person, keyed by phone (issue 22). Existing partners each get theirs, and
-- everything that named a partner (sessions, open-id bindings, messages) now also names it.
INSERT INTO "accounts" ("phone", "created_at") SELECT "phone", "created_at" FROM "partners" ORDER BY "id";--> statement-breakpoint
UPDATE "partners" p SET "account_id" = a."id" FROM "accounts" a WHERE a."phone" = p."phone";--> statement-breakpoint
UPDATE "open_id_bindings" b SET "account_id" = p."account_id" FROM "partners" p WHERE p."id" = b."partner_id";--> statement-breakpoint
UPDATE "messages" m SET "account_id" = p."account_id" FROM "partners" p WHERE p."id" = m."partner_id";--> statement-breakpoint
UPDATE "sessions" s SET "account_id" = p."account_id" FROM "partners" p WHERE p."id" = s."partner_id";--> statement-breakpoint
-- The account of a phone, opened when there is none (two writers of one new phone get one account).
CREATE FUNCTION account_of_phone(p_phone text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  found integer;
BEGIN
  SELECT "id" INTO found FROM "accounts" WHERE "phone" = p_phone;
  IF found IS NULL THEN
    INSERT INTO "accounts" ("phone") VALUES (p_phone) ON CONFLICT ("phone") DO NOTHING RETURNING "id" INTO found;
    IF found IS NULL THEN
      SELECT "id" INTO found FROM "accounts" WHERE "phone" = p_phone;
    END IF;
  END IF;
  RETURN found;
END
$$;
--> statement-breakpoint
-- A profile (partner or student) belongs to the account of its phone, whoever writes it.
CREATE FUNCTION link_profile_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."phone" IS DISTINCT FROM OLD."phone" THEN
    NEW."account_id" := account_of_phone(NEW."phone");
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER partners_account BEFORE INSERT OR UPDATE OF "phone" ON "partners"
  FOR EACH ROW EXECUTE FUNCTION link_profile_account();
--> statement-breakpoint
CREATE TRIGGER students_account BEFORE INSERT OR UPDATE OF "phone" ON "students"
  FOR EACH ROW EXECUTE FUNCTION link_profile_account();
--> statement-breakpoint
-- A binding or a message that names only the partner belongs to the partner's account.
CREATE FUNCTION account_of_partner_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."account_id" IS NULL OR NEW."account_id" = 0) AND NEW."partner_id" IS NOT NULL THEN
    SELECT "account_id" INTO NEW."account_id" FROM "partners" WHERE "id" = NEW."partner_id";
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER open_id_bindings_account BEFORE INSERT ON "open_id_bindings"
  FOR EACH ROW EXECUTE FUNCTION account_of_partner_row();
--> statement-breakpoint
CREATE TRIGGER messages_account BEFORE INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION account_of_partner_row();
--> statement-breakpoint
-- A live session reads the profiles its account holds: a profile added, removed or moved to
-- another account tells every server's session cache ('c:<account id>', see migration 0001).
CREATE FUNCTION notify_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('session_changed', 'c:' || OLD."account_id");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('session_changed', 'c:' || NEW."account_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER students_account_changed AFTER INSERT OR DELETE OR UPDATE OF "account_id" ON "students"
  FOR EACH ROW EXECUTE FUNCTION notify_account_changed();
--> statement-breakpoint
CREATE TRIGGER partners_account_changed AFTER INSERT OR UPDATE OF "account_id" ON "partners"
  FOR EACH ROW EXECUTE FUNCTION notify_account_changed();
--> statement-breakpoint
ALTER TABLE "roll_modify_requests" ADD CONSTRAINT "roll_modify_requests_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_status_history" ADD CONSTRAINT "student_status_history_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_reads" ADD CONSTRAINT "notice_reads_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roll_modify_requests_student_idx" ON "roll_modify_requests" USING btree ("student_id","created_at","id");--> statement-breakpoint
CREATE INDEX "roll_modify_requests_status_idx" ON "roll_modify_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "roll_modify_requests_pending_uq" ON "roll_modify_requests" USING btree ("student_id","field") WHERE status = '待审核';--> statement-breakpoint
CREATE INDEX "student_status_history_student_idx" ON "student_status_history" USING btree ("student_id","created_at","id");--> statement-breakpoint
CREATE INDEX "students_created_idx" ON "students" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "students_batch_idx" ON "students" USING btree ("batch_year","batch","created_at","id");--> statement-breakpoint
CREATE INDEX "students_school_major_idx" ON "students" USING btree ("school","major","level");--> statement-breakpoint
CREATE INDEX "students_status_idx" ON "students" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "notices_status_published_idx" ON "notices" USING btree ("status","published_at","id");--> statement-breakpoint
CREATE INDEX "notices_created_idx" ON "notices" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_id_bindings" ADD CONSTRAINT "open_id_bindings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "open_id_bindings_account_uq" ON "open_id_bindings" USING btree ("account_id","platform","type");--> statement-breakpoint
CREATE INDEX "messages_account_unread_created_idx" ON "messages" USING btree ("account_id",("read_at" IS NULL),"created_at","id");--> statement-breakpoint
CREATE INDEX "messages_account_unread_idx" ON "messages" USING btree ("account_id") WHERE "messages"."read_at" IS NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_account_id_unique" UNIQUE("account_id");