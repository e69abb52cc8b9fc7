CREATE TABLE "exam_answers" (
	"attempt_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"answer" jsonb,
	"auto_score" double precision,
	"score" double precision,
	"feedback" text,
	"graded_by_id" integer,
	"graded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_answers_attempt_id_subject_id_pk" PRIMARY KEY("attempt_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"is_preview" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"submitted_by" text,
	"layout" jsonb NOT NULL,
	"max_score" double precision DEFAULT 0 NOT NULL,
	"score" double precision,
	"objective_score" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_states" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"scores_published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD COLUMN "score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "exam_subjects" SET "score" = ("data"->>'point')::double precision WHERE jsonb_typeof("data"->'point') = 'number';--> statement-breakpoint
UPDATE "exam_subjects" SET "data" = jsonb_set("data", '{options}', (SELECT jsonb_agg(CASE WHEN e.o ? 'id' THEN e.o ELSE e.o || jsonb_build_object('id', substr(md5(random()::text || e.ord::text), 1, 8)) END ORDER BY e.ord) FROM jsonb_array_elements("data"->'options') WITH ORDINALITY AS e(o, ord))) WHERE jsonb_typeof("data"->'options') = 'array' AND jsonb_array_length("data"->'options') > 0;--> statement-breakpoint
UPDATE "exam_subjects" SET "data" = jsonb_set("data", '{pairs}', (SELECT jsonb_agg(CASE WHEN e.o ? 'id' THEN e.o ELSE e.o || jsonb_build_object('id', substr(md5(random()::text || e.ord::text), 1, 8)) END ORDER BY e.ord) FROM jsonb_array_elements("data"->'pairs') WITH ORDINALITY AS e(o, ord))) WHERE jsonb_typeof("data"->'pairs') = 'array' AND jsonb_array_length("data"->'pairs') > 0;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_attempt_id_exam_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."exam_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_subject_id_exam_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."exam_subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_graded_by_id_users_id_fk" FOREIGN KEY ("graded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_states" ADD CONSTRAINT "exam_states_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_number_key" ON "exam_attempts" USING btree ("activity_id","user_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_open" ON "exam_attempts" USING btree ("activity_id","user_id") WHERE "exam_attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "exam_attempts_open_deadline" ON "exam_attempts" USING btree ("deadline") WHERE "exam_attempts"."status" = 'in_progress';