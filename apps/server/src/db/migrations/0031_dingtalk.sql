CREATE TABLE "course_dingtalk_chats" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"name" text NOT NULL,
	"owner_ding_user_id" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dingtalk_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"ding_user_id" text NOT NULL,
	"mobile_phone" text NOT NULL,
	"resolved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_dingtalk" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"app_secret" text NOT NULL,
	"api_base_url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_dingtalk_chats" ADD CONSTRAINT "course_dingtalk_chats_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_dingtalk_chats" ADD CONSTRAINT "course_dingtalk_chats_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dingtalk_users" ADD CONSTRAINT "dingtalk_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_dingtalk" ADD CONSTRAINT "org_dingtalk_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;