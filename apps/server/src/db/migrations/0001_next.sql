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
ALTER TABLE "uploads" ADD COLUMN "meta" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "processing_job_id" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "processing_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "processing_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "upload_videos" ADD CONSTRAINT "upload_videos_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_blocks" ADD CONSTRAINT "upload_blocks_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD CONSTRAINT "upload_tokens_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_videos_upload_resolution_key" ON "upload_videos" USING btree ("upload_id","resolution");--> statement-breakpoint
CREATE INDEX "upload_blocks_upload_idx" ON "upload_blocks" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "upload_blocks_expires_idx" ON "upload_blocks" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "upload_tokens_expires_idx" ON "upload_tokens" USING btree ("expires_at");