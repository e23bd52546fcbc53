CREATE TABLE "insurers" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"kind" text DEFAULT 'insurer' NOT NULL,
	"contact_name" text,
	"phone" text,
	"email" text,
	"address" text,
	"payment_term_days" integer DEFAULT 30 NOT NULL,
	"ceiling_per_visit" bigint,
	"ceiling_per_year" bigint,
	"copay_type" text DEFAULT 'none' NOT NULL,
	"copay_value" bigint DEFAULT 0 NOT NULL,
	"excluded_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurers_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "insurer_id" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "eligibility_status" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "eligibility_reference" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "eligibility_checked_by" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "eligibility_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insurers" ADD CONSTRAINT "insurers_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insurers_corp_name_uq" ON "insurers" USING btree ("corp_id",lower("name"));--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_insurer_id_insurers_id_fk" FOREIGN KEY ("insurer_id") REFERENCES "public"."insurers"("id") ON DELETE no action ON UPDATE no action;