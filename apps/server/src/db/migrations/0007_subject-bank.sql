CREATE TABLE "exam_subject_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam_subjects" ALTER COLUMN "activity_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD COLUMN "source_subject_id" integer;--> statement-breakpoint
ALTER TABLE "exam_subject_categories" ADD CONSTRAINT "exam_subject_categories_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_subject_categories_course" ON "exam_subject_categories" USING btree ("course_id");--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD CONSTRAINT "exam_subjects_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD CONSTRAINT "exam_subjects_category_id_exam_subject_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."exam_subject_categories"("id") ON DELETE set null ON UPDATE no action;