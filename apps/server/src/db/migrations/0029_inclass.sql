CREATE TABLE "inclass_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inclass_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"poll_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answer" jsonb,
	"is_correct" boolean,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inclass_checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"rollcall_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"is_late" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inclass_picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"picked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inclass_polls" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"source_subject_id" integer,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"score" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inclass_rollcalls" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"method" text NOT NULL,
	"code" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"late_after" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inclass_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"tracks_actions" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inclass_actions" ADD CONSTRAINT "inclass_actions_session_id_inclass_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."inclass_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclass_actions" ADD CONSTRAINT "inclass_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclass_answers" ADD CONSTRAINT "inclass_answers_poll_id_inclass_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."inclass_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclass_answers" ADD CONSTRAINT "inclass_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclass_checkins" ADD CONSTRAINT "inclass_checkins_rollcall_id_inclass_rollcalls_id_fk" FOREIGN KEY ("rollcall_id") REFERENCES "public"."inclass_rollcalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclass_checkins" ADD CONSTRAINT "inclass_checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclass_picks" ADD CONSTRAINT "inclass_picks_session_id_inclass_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."inclass_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclass_picks" ADD CONSTRAINT "inclass_picks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclass_polls" ADD CONSTRAINT "inclass_polls_session_id_inclass_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."inclass_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclass_rollcalls" ADD CONSTRAINT "inclass_rollcalls_session_id_inclass_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."inclass_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclass_sessions" ADD CONSTRAINT "inclass_sessions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclass_sessions" ADD CONSTRAINT "inclass_sessions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inclass_sessions" ADD CONSTRAINT "inclass_sessions_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inclass_actions_session_user_idx" ON "inclass_actions" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inclass_answers_poll_user_key" ON "inclass_answers" USING btree ("poll_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inclass_checkins_rollcall_user_key" ON "inclass_checkins" USING btree ("rollcall_id","user_id");--> statement-breakpoint
CREATE INDEX "inclass_picks_session_idx" ON "inclass_picks" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "inclass_polls_session_idx" ON "inclass_polls" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "inclass_rollcalls_session_idx" ON "inclass_rollcalls" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inclass_sessions_running_key" ON "inclass_sessions" USING btree ("course_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "inclass_sessions_activity_idx" ON "inclass_sessions" USING btree ("activity_id");