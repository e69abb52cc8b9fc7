ALTER TABLE "uploads" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "failure_params" jsonb;--> statement-breakpoint
ALTER TABLE "course_imports" ADD COLUMN "failure_code" text;--> statement-breakpoint
ALTER TABLE "course_imports" ADD COLUMN "failure_params" jsonb;--> statement-breakpoint
ALTER TABLE "course_packages" ADD COLUMN "read_error_code" text;--> statement-breakpoint
ALTER TABLE "course_packages" ADD COLUMN "read_error_params" jsonb;