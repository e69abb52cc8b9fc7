CREATE TABLE "warning_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"course_id" integer,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "warning_rules" ADD CONSTRAINT "warning_rules_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warning_rules" ADD CONSTRAINT "warning_rules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warning_rules_course_key" ON "warning_rules" USING btree ("course_id") WHERE course_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "warning_rules_org_key" ON "warning_rules" USING btree ("org_id") WHERE course_id is null;--> statement-breakpoint
CREATE INDEX "warning_rules_org_idx" ON "warning_rules" USING btree ("org_id");