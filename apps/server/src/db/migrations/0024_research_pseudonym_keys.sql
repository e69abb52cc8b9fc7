CREATE TABLE "research_pseudonym_keys" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"key_hex" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "research_pseudonym_keys" ADD CONSTRAINT "research_pseudonym_keys_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;