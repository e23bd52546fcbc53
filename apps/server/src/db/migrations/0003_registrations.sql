CREATE TABLE "partner_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_counters" (
	"clinic_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"day" date NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "queue_counters_clinic_id_prefix_day_pk" PRIMARY KEY("clinic_id","prefix","day")
);
--> statement-breakpoint
CREATE TABLE "queue_settings" (
	"clinic_id" integer PRIMARY KEY NOT NULL,
	"prefixes" jsonb,
	"display_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_settings_display_token_unique" UNIQUE("display_token")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"order_type" text NOT NULL,
	"service_type" text,
	"doctor_id" integer,
	"status" text DEFAULT 'Waiting' NOT NULL,
	"queue_date" date NOT NULL,
	"queue_prefix" text NOT NULL,
	"queue_seq" integer NOT NULL,
	"queue_number" text NOT NULL,
	"room" text NOT NULL,
	"payer_type" text NOT NULL,
	"company_id" integer,
	"insurance_name" text,
	"insurance_number" text,
	"referrer" text,
	"complaint" text,
	"queue_id_mobile" text,
	"sampling_done" boolean DEFAULT false NOT NULL,
	"lab_done" boolean DEFAULT false NOT NULL,
	"rad_done" boolean DEFAULT false NOT NULL,
	"arrived_at" timestamp with time zone DEFAULT now() NOT NULL,
	"called_at" timestamp with time zone,
	"called_by" integer,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "doctor_clinics" ADD COLUMN "room" text;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD CONSTRAINT "partner_companies_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_counters" ADD CONSTRAINT "queue_counters_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_settings" ADD CONSTRAINT "queue_settings_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_companies_corp_name_uq" ON "partner_companies" USING btree ("corp_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_queue_uq" ON "registrations" USING btree ("clinic_id","queue_date","queue_prefix","queue_seq");--> statement-breakpoint
CREATE INDEX "registrations_clinic_day_idx" ON "registrations" USING btree ("clinic_id","queue_date","status");--> statement-breakpoint
CREATE INDEX "registrations_doctor_day_idx" ON "registrations" USING btree ("doctor_id","queue_date");--> statement-breakpoint
CREATE INDEX "registrations_patient_idx" ON "registrations" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "registrations_clinic_arrived_idx" ON "registrations" USING btree ("clinic_id","arrived_at");