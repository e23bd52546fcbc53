CREATE TABLE "pharmacy_settings" (
	"clinic_id" integer PRIMARY KEY NOT NULL,
	"compounding_per_line" bigint NOT NULL,
	"packaging_per_packet" bigint NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pharmacy_settings" ADD CONSTRAINT "pharmacy_settings_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;