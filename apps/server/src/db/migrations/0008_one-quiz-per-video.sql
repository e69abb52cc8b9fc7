DROP INDEX "video_quizzes_upload";--> statement-breakpoint
CREATE UNIQUE INDEX "video_quizzes_upload" ON "video_quizzes" USING btree ("upload_id");