CREATE TABLE "org_plan_notices" (
	"org_id" integer NOT NULL,
	"what" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"days" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_plan_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"changes" jsonb NOT NULL,
	"reason" text NOT NULL,
	"requested_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text
);
--> statement-breakpoint
CREATE TABLE "org_plans" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"seats" integer NOT NULL,
	"storage_bytes" bigint NOT NULL,
	"features" jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"storage_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "org_plan_notices" ADD CONSTRAINT "org_plan_notices_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_plan_requests" ADD CONSTRAINT "org_plan_requests_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_plan_requests" ADD CONSTRAINT "org_plan_requests_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_plan_requests" ADD CONSTRAINT "org_plan_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_plans" ADD CONSTRAINT "org_plans_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_plan_notices_key" ON "org_plan_notices" USING btree ("org_id","what","ends_at","days");--> statement-breakpoint
CREATE INDEX "org_plan_requests_org_idx" ON "org_plan_requests" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "org_plan_requests_status_idx" ON "org_plan_requests" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_plan_requests_one_pending" ON "org_plan_requests" USING btree ("org_id") WHERE status = 'pending';