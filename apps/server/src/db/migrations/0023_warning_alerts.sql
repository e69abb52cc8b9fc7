CREATE TABLE "warning_alerts" (
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rule" text NOT NULL,
	"flagged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "warning_alerts_course_id_user_id_rule_pk" PRIMARY KEY("course_id","user_id","rule")
);
--> statement-breakpoint
ALTER TABLE "warning_alerts" ADD CONSTRAINT "warning_alerts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warning_alerts" ADD CONSTRAINT "warning_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warning_alerts_user_idx" ON "warning_alerts" USING btree ("user_id");