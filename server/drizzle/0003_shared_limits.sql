-- Rate-limit counts are disposable (a crash may forget a minute of them): UNLOGGED spares the WAL.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
