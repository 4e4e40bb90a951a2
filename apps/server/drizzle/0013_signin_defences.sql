-- Sign-in attempt counters: one row per key (an account, an account from one source, a
-- transaction password), taken atomically before a secret is checked (issue 12).
CREATE TABLE "signin_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "signin_attempts_window" ON "signin_attempts" USING btree ("window_started_at");
--> statement-breakpoint
DROP TABLE "login_failures";
--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "source" text;
