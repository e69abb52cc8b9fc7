CREATE TABLE "login_attempts" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_attempts_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
CREATE INDEX "login_attempts_last_failed_idx" ON "login_attempts" USING btree ("last_failed_at");