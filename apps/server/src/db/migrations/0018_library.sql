CREATE TABLE "library_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"depth" integer NOT NULL,
	"upload_id" integer,
	"size" bigint DEFAULT 0 NOT NULL,
	"trashed_at" timestamp with time zone,
	"trash_root_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_items_kind_check" CHECK (("library_items"."kind" = 'folder' and "library_items"."upload_id" is null) or ("library_items"."kind" = 'file' and "library_items"."upload_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "library_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_parent_id_library_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_items" ADD CONSTRAINT "library_items_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_tags" ADD CONSTRAINT "library_tags_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_tags" ADD CONSTRAINT "library_tags_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_items_upload_key" ON "library_items" USING btree ("upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_items_live_name_key" ON "library_items" USING btree ("owner_id",coalesce("parent_id", 0),lower("name")) WHERE "library_items"."trashed_at" is null;--> statement-breakpoint
CREATE INDEX "library_items_owner_parent_idx" ON "library_items" USING btree ("owner_id","parent_id");--> statement-breakpoint
CREATE INDEX "library_items_trash_root_idx" ON "library_items" USING btree ("trash_root_id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_tags_item_name_key" ON "library_tags" USING btree ("item_id",lower("name"));--> statement-breakpoint
CREATE INDEX "library_tags_owner_name_idx" ON "library_tags" USING btree ("owner_id",lower("name"));--> statement-breakpoint
CREATE INDEX "uploads_owner_live_idx" ON "uploads" USING btree ("owner_id") WHERE "uploads"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "uploads_org_live_idx" ON "uploads" USING btree ("org_id") WHERE "uploads"."deleted_at" is null;