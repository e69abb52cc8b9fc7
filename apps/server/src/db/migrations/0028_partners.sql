CREATE TABLE "course_partner_infos" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"partner_type" text NOT NULL,
	"partner_name" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"website" text,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_partner_types" (
	"org_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "org_partner_types_org_id_code_pk" PRIMARY KEY("org_id","code")
);
--> statement-breakpoint
ALTER TABLE "course_partner_infos" ADD CONSTRAINT "course_partner_infos_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_partner_types" ADD CONSTRAINT "org_partner_types_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;