CREATE TABLE "payer_invoice_counters" (
	"clinic_id" integer NOT NULL,
	"period" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "payer_invoice_counters_clinic_id_period_pk" PRIMARY KEY("clinic_id","period")
);
--> statement-breakpoint
ALTER TABLE "payer_invoice_counters" ADD CONSTRAINT "payer_invoice_counters_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;