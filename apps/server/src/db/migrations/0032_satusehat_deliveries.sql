CREATE TABLE "satusehat_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"registration_id" integer NOT NULL,
	"clinic_day" date NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"last_status" integer,
	"message" text,
	"issue_code" text,
	"expression" text,
	"blocked_reason" text,
	"platform_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "satusehat_deliveries_uid_unique" UNIQUE("uid"),
	CONSTRAINT "satusehat_deliveries_source_uq" UNIQUE("kind","source_key")
);
--> statement-breakpoint
ALTER TABLE "satusehat_deliveries" ADD CONSTRAINT "satusehat_deliveries_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satusehat_deliveries" ADD CONSTRAINT "satusehat_deliveries_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satusehat_deliveries" ADD CONSTRAINT "satusehat_deliveries_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "satusehat_deliveries_day_idx" ON "satusehat_deliveries" USING btree ("clinic_id","clinic_day","state");--> statement-breakpoint
CREATE INDEX "satusehat_deliveries_visit_idx" ON "satusehat_deliveries" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "satusehat_deliveries_due_idx" ON "satusehat_deliveries" USING btree ("next_attempt_at") WHERE "satusehat_deliveries"."state" = 'waiting';