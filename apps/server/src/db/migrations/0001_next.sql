CREATE TABLE "course_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "course_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"resolution" text NOT NULL,
	"duration" real NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"hls_key" text,
	"mp4_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_blocks" (
	"id" text PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"block_size" integer NOT NULL,
	"offset" integer NOT NULL,
	"ctx" text NOT NULL,
	"chunks" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_user_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"active_role" text,
	"study_completeness" smallint DEFAULT 0 NOT NULL,
	"last_activity_title" text,
	"last_activity_id" integer,
	"last_update_completeness_time" timestamp with time zone,
	"preview_as" text,
	"inspecting" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"teaching_unit_type" text DEFAULT 'course' NOT NULL,
	"teaching_unit_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"inviter_id" integer,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'not_joined' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"validated_at" timestamp with time zone,
	"valid_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "calendar_event_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user_id" integer,
	"course_id" integer,
	"department_id" integer,
	"role" smallint,
	"group_id" integer
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"created_by_id" integer NOT NULL,
	"title" text NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"color" text,
	"description" text,
	"location" text,
	"upload_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target_type" text NOT NULL,
	"target_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"alert_id" integer,
	"send_email_alert" boolean DEFAULT false NOT NULL,
	"alert_at" timestamp with time zone,
	"alert_sent_at" timestamp with time zone,
	"tag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"kind" text DEFAULT 'meeting' NOT NULL,
	"title" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"description" text,
	"live_addr" text,
	"join_url" text,
	"replay_address" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audit_status" text DEFAULT 'pending' NOT NULL,
	"host_user_id" integer NOT NULL,
	"created_by_id" integer NOT NULL,
	"scope_org_ids" text DEFAULT '' NOT NULL,
	"participant_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"course_id" integer,
	"teaching_unit" text,
	"room" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_timetables" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"created_by_id" integer,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"repeat_type" text NOT NULL,
	"origin_repeat_type" text NOT NULL,
	"repeat_frequency" integer,
	"repeat_weekly_days" text,
	"repeat_end_date" text,
	"until" timestamp with time zone,
	"exdates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location" text,
	"description" text,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"completion_criterion" text DEFAULT 'viewed' NOT NULL,
	"completion_percent" smallint,
	"can_guest_preview" boolean DEFAULT false NOT NULL,
	"refuse_forward_seeking" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "activity_read_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"upload_id" integer DEFAULT 0 NOT NULL,
	"viewed_ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"viewed_pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_position" real DEFAULT 0 NOT NULL,
	"max_position" real DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_subject_play_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"play_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"upload_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"play_limit" boolean DEFAULT false NOT NULL,
	"play_limit_times" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_import_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"source_key" text NOT NULL,
	"module_id" integer,
	"activity_id" integer,
	"import_id" integer
);
--> statement-breakpoint
CREATE TABLE "course_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"package_id" integer,
	"status_key" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"reason" text,
	"report" jsonb,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "course_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"read_error" text,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_user_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"anchor" real NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_packages" (
	"upload_id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"scos" jsonb NOT NULL,
	"files" jsonb NOT NULL,
	"total_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_runtime_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sco" text NOT NULL,
	"cmi" jsonb,
	"status" text,
	"score" real,
	"location" text,
	"suspend_data" text,
	"total_seconds" real DEFAULT 0 NOT NULL,
	"session_seconds" real DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orgs" ALTER COLUMN "settings" SET DEFAULT '{"maxLevelInUploadFolder":5,"maxFileCountInUploadFolder":500,"checkUploadExtension":true,"courseNeedPublish":true,"orgTeamTeaching":true,"managementAuthCode":false,"calendarTimetable":true,"calendarMeeting":true,"calendarInstructionMeeting":true,"calendarCloudClassroom":true}'::jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "reviewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "lite" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "recommended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "learning_mode" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "outline" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "start_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "end_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || course_code || ' ' || coalesce(display_name, ''))) STORED;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "meta" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "processing_job_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "processing_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "processing_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_group_members" ADD CONSTRAINT "course_group_members_group_id_course_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."course_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_group_members" ADD CONSTRAINT "course_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_groups" ADD CONSTRAINT "course_groups_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_videos" ADD CONSTRAINT "upload_videos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_blocks" ADD CONSTRAINT "upload_blocks_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD CONSTRAINT "upload_tokens_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_user_states" ADD CONSTRAINT "course_user_states_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_user_states" ADD CONSTRAINT "course_user_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_codes" ADD CONSTRAINT "auth_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_targets" ADD CONSTRAINT "calendar_event_targets_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_targets" ADD CONSTRAINT "calendar_event_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_targets" ADD CONSTRAINT "calendar_event_targets_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_targets" ADD CONSTRAINT "calendar_event_targets_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_targets" ADD CONSTRAINT "calendar_event_targets_group_id_course_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."course_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_meetings" ADD CONSTRAINT "calendar_meetings_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_meetings" ADD CONSTRAINT "calendar_meetings_host_user_id_users_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_meetings" ADD CONSTRAINT "calendar_meetings_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_meetings" ADD CONSTRAINT "calendar_meetings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_timetables" ADD CONSTRAINT "calendar_timetables_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_timetables" ADD CONSTRAINT "calendar_timetables_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_read_records" ADD CONSTRAINT "activity_read_records_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_read_records" ADD CONSTRAINT "activity_read_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_uploads" ADD CONSTRAINT "activity_uploads_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_uploads" ADD CONSTRAINT "activity_uploads_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_subject_play_records" ADD CONSTRAINT "exam_subject_play_records_subject_id_exam_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."exam_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_subject_play_records" ADD CONSTRAINT "exam_subject_play_records_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_subject_play_records" ADD CONSTRAINT "exam_subject_play_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD CONSTRAINT "exam_subjects_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_import_sources" ADD CONSTRAINT "course_import_sources_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_import_sources" ADD CONSTRAINT "course_import_sources_import_id_course_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."course_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_imports" ADD CONSTRAINT "course_imports_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_imports" ADD CONSTRAINT "course_imports_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_imports" ADD CONSTRAINT "course_imports_package_id_course_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."course_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_imports" ADD CONSTRAINT "course_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_packages" ADD CONSTRAINT "course_packages_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_packages" ADD CONSTRAINT "course_packages_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_user_reads" ADD CONSTRAINT "course_user_reads_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_user_reads" ADD CONSTRAINT "course_user_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_target_id_uploads_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_packages" ADD CONSTRAINT "scorm_packages_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_runtime_records" ADD CONSTRAINT "scorm_runtime_records_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_runtime_records" ADD CONSTRAINT "scorm_runtime_records_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_runtime_records" ADD CONSTRAINT "scorm_runtime_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_group_members_user_idx" ON "course_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_groups_course_name_key" ON "course_groups" USING btree ("course_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_videos_upload_resolution_key" ON "upload_videos" USING btree ("upload_id","resolution");--> statement-breakpoint
CREATE INDEX "upload_blocks_upload_idx" ON "upload_blocks" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "upload_blocks_expires_idx" ON "upload_blocks" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "upload_tokens_expires_idx" ON "upload_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_user_states_course_user_key" ON "course_user_states" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "invites_invitee_idx" ON "invites" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "invites_course_idx" ON "invites" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "outbox_emails_status_idx" ON "outbox_emails" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "auth_codes_user_idx" ON "auth_codes" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "calendar_event_targets_group_idx" ON "calendar_event_targets" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "calendar_event_targets_event_idx" ON "calendar_event_targets" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "calendar_event_targets_user_idx" ON "calendar_event_targets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "calendar_event_targets_course_idx" ON "calendar_event_targets" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "calendar_event_targets_dept_idx" ON "calendar_event_targets" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "calendar_events_creator_start_idx" ON "calendar_events" USING btree ("created_by_id","start_time");--> statement-breakpoint
CREATE INDEX "calendar_events_alert_idx" ON "calendar_events" USING btree ("alert_at");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_user_key" ON "calendar_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "calendar_meetings_org_start_idx" ON "calendar_meetings" USING btree ("org_id","start_time");--> statement-breakpoint
CREATE INDEX "calendar_meetings_host_idx" ON "calendar_meetings" USING btree ("host_user_id");--> statement-breakpoint
CREATE INDEX "calendar_timetables_course_idx" ON "calendar_timetables" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "activities_course_idx" ON "activities" USING btree ("course_id","module_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_read_records_key" ON "activity_read_records" USING btree ("activity_id","user_id","upload_id");--> statement-breakpoint
CREATE INDEX "activity_read_records_user_idx" ON "activity_read_records" USING btree ("user_id","activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_uploads_activity_upload_key" ON "activity_uploads" USING btree ("activity_id","upload_id");--> statement-breakpoint
CREATE INDEX "course_modules_course_idx" ON "course_modules" USING btree ("course_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_subject_play_records_key" ON "exam_subject_play_records" USING btree ("subject_id","upload_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_import_sources_key" ON "course_import_sources" USING btree ("course_id","source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "course_imports_status_key" ON "course_imports" USING btree ("status_key");--> statement-breakpoint
CREATE INDEX "course_imports_course_idx" ON "course_imports" USING btree ("course_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_packages_upload_key" ON "course_packages" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "course_packages_org_idx" ON "course_packages" USING btree ("org_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_user_reads_key" ON "course_user_reads" USING btree ("course_id","user_id","type");--> statement-breakpoint
CREATE INDEX "notes_target_idx" ON "notes" USING btree ("activity_id","target_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scorm_runtime_records_key" ON "scorm_runtime_records" USING btree ("upload_id","activity_id","user_id","sco");--> statement-breakpoint
CREATE INDEX "courses_org_created_idx" ON "courses" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);