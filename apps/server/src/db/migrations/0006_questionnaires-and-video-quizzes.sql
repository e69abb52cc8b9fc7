CREATE TABLE "questionnaire_participations" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "questionnaire_participations_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_quiz_answers" (
	"subject_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"answer" jsonb,
	"score" double precision,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_quiz_answers_subject_id_user_id_pk" PRIMARY KEY("subject_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "video_quiz_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_quiz_id" integer NOT NULL,
	"at_seconds" double precision NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"score" double precision DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questionnaire_participations" ADD CONSTRAINT "questionnaire_participations_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_participations" ADD CONSTRAINT "questionnaire_participations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_responses" ADD CONSTRAINT "questionnaire_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_subjects" ADD CONSTRAINT "questionnaire_subjects_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_quiz_answers" ADD CONSTRAINT "video_quiz_answers_subject_id_video_quiz_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."video_quiz_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_quiz_answers" ADD CONSTRAINT "video_quiz_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_quiz_subjects" ADD CONSTRAINT "video_quiz_subjects_video_quiz_id_video_quizzes_id_fk" FOREIGN KEY ("video_quiz_id") REFERENCES "public"."video_quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_quizzes" ADD CONSTRAINT "video_quizzes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_quizzes" ADD CONSTRAINT "video_quizzes_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_quizzes" ADD CONSTRAINT "video_quizzes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_responses_activity" ON "questionnaire_responses" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "questionnaire_subjects_activity" ON "questionnaire_subjects" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "video_quiz_subjects_quiz" ON "video_quiz_subjects" USING btree ("video_quiz_id");--> statement-breakpoint
CREATE INDEX "video_quizzes_upload" ON "video_quizzes" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "video_quizzes_course" ON "video_quizzes" USING btree ("course_id");