CREATE TABLE "org_connectors" (
	"org_id" integer NOT NULL,
	"provider" text NOT NULL,
	"url" text NOT NULL,
	"token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_connectors_org_id_provider_pk" PRIMARY KEY("org_id","provider")
);
--> statement-breakpoint
ALTER TABLE "org_connectors" ADD CONSTRAINT "org_connectors_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;