CREATE TABLE "sign_in_known_sources" (
	"key" text NOT NULL,
	"source" text NOT NULL,
	"last_success_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_known_sources_key_source_pk" PRIMARY KEY("key","source")
);
--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "source" text DEFAULT '' NOT NULL;