CREATE TABLE "satusehat_locations" (
	"clinic_id" integer NOT NULL,
	"name" text NOT NULL,
	"environment" text NOT NULL,
	"organization_id" text NOT NULL,
	"location_id" text,
	"last_error" text,
	"registered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "satusehat_locations_clinic_id_name_pk" PRIMARY KEY("clinic_id","name")
);
--> statement-breakpoint
ALTER TABLE "satusehat_locations" ADD CONSTRAINT "satusehat_locations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;