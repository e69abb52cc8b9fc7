CREATE TABLE "resource_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id"),
	CONSTRAINT "resource_group_members_role_check" CHECK ("resource_group_members"."role" in ('owner', 'manager', 'member'))
);
--> statement-breakpoint
CREATE TABLE "resource_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_resource_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"how" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_resource_tracks_how_check" CHECK ("shared_resource_tracks"."how" in ('open', 'reuse'))
);
--> statement-breakpoint
CREATE TABLE "shared_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"shared_by_id" integer NOT NULL,
	"group_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_resources_target_check" CHECK (("shared_resources"."group_id" is null) <> ("shared_resources"."user_id" is null))
);
--> statement-breakpoint
ALTER TABLE "resource_group_members" ADD CONSTRAINT "resource_group_members_group_id_resource_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."resource_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_group_members" ADD CONSTRAINT "resource_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_groups" ADD CONSTRAINT "resource_groups_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_groups" ADD CONSTRAINT "resource_groups_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_resource_tracks" ADD CONSTRAINT "shared_resource_tracks_share_id_shared_resources_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shared_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_resource_tracks" ADD CONSTRAINT "shared_resource_tracks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_resource_tracks" ADD CONSTRAINT "shared_resource_tracks_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_resources" ADD CONSTRAINT "shared_resources_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_resources" ADD CONSTRAINT "shared_resources_item_id_library_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_resources" ADD CONSTRAINT "shared_resources_shared_by_id_users_id_fk" FOREIGN KEY ("shared_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_resources" ADD CONSTRAINT "shared_resources_group_id_resource_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."resource_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_resources" ADD CONSTRAINT "shared_resources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_group_members_user_idx" ON "resource_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "resource_groups_org_idx" ON "resource_groups" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_resource_tracks_key" ON "shared_resource_tracks" USING btree ("share_id","user_id","upload_id","how");--> statement-breakpoint
CREATE UNIQUE INDEX "shared_resources_item_group_key" ON "shared_resources" USING btree ("item_id","group_id") WHERE "shared_resources"."group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shared_resources_item_user_key" ON "shared_resources" USING btree ("item_id","user_id") WHERE "shared_resources"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "shared_resources_group_idx" ON "shared_resources" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "shared_resources_user_idx" ON "shared_resources" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shared_resources_shared_by_idx" ON "shared_resources" USING btree ("shared_by_id");