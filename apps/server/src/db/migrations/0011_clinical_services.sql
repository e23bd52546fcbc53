CREATE TABLE "physio_programmes" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"referral" text,
	"diagnosis" text,
	"assessment" jsonb NOT NULL,
	"goals" text,
	"planned_sessions" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "physio_programmes_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "physio_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"programme_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"session_number" integer NOT NULL,
	"kind" text DEFAULT 'session' NOT NULL,
	"measures" jsonb NOT NULL,
	"interventions" text,
	"note" text,
	"performed_by" integer,
	"performed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "physio_sessions_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "radiology_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"registration_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"caption" text,
	"added_by" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "radiology_images_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "radiology_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"accession_number" text NOT NULL,
	"service_id" integer,
	"modality" text NOT NULL,
	"examination" text NOT NULL,
	"template" text,
	"clinical_info" text,
	"findings" text,
	"impression" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"amendment_reason" text,
	"created_by" integer,
	"signed_by" integer,
	"signed_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "radiology_reports_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "treatment_procedures" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"service_id" integer,
	"icd9_code" text NOT NULL,
	"name" text NOT NULL,
	"consumables" jsonb NOT NULL,
	"notes" text,
	"performed_by" integer NOT NULL,
	"performed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_key" text,
	"voided_by" integer,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatment_procedures_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "lab_specimens" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"container" text NOT NULL,
	"specimen" text,
	"barcode" text NOT NULL,
	"status" text DEFAULT 'labelled' NOT NULL,
	"collected_by" integer,
	"collected_at" timestamp with time zone,
	"received_by" integer,
	"received_at" timestamp with time zone,
	"rejected_by" integer,
	"rejected_at" timestamp with time zone,
	"reject_reason_code" text,
	"reject_reason" text,
	"replaces_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_specimens_uid_unique" UNIQUE("uid"),
	CONSTRAINT "lab_specimens_barcode_unique" UNIQUE("barcode")
);
--> statement-breakpoint
ALTER TABLE "physio_programmes" ADD CONSTRAINT "physio_programmes_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physio_programmes" ADD CONSTRAINT "physio_programmes_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physio_programmes" ADD CONSTRAINT "physio_programmes_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physio_sessions" ADD CONSTRAINT "physio_sessions_programme_id_physio_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."physio_programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physio_sessions" ADD CONSTRAINT "physio_sessions_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radiology_images" ADD CONSTRAINT "radiology_images_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radiology_images" ADD CONSTRAINT "radiology_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radiology_reports" ADD CONSTRAINT "radiology_reports_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radiology_reports" ADD CONSTRAINT "radiology_reports_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "radiology_reports" ADD CONSTRAINT "radiology_reports_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_procedures" ADD CONSTRAINT "treatment_procedures_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_procedures" ADD CONSTRAINT "treatment_procedures_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treatment_procedures" ADD CONSTRAINT "treatment_procedures_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_specimens" ADD CONSTRAINT "lab_specimens_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_specimens" ADD CONSTRAINT "lab_specimens_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "physio_programmes_patient_idx" ON "physio_programmes" USING btree ("patient_id","status");--> statement-breakpoint
CREATE INDEX "physio_programmes_clinic_idx" ON "physio_programmes" USING btree ("clinic_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "physio_sessions_programme_number_uq" ON "physio_sessions" USING btree ("programme_id","session_number");--> statement-breakpoint
CREATE UNIQUE INDEX "physio_sessions_visit_uq" ON "physio_sessions" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "radiology_images_visit_idx" ON "radiology_images" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "radiology_reports_visit_version_uq" ON "radiology_reports" USING btree ("registration_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "radiology_reports_accession_version_uq" ON "radiology_reports" USING btree ("accession_number","version");--> statement-breakpoint
CREATE INDEX "radiology_reports_clinic_status_idx" ON "radiology_reports" USING btree ("clinic_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "treatment_procedures_visit_idx" ON "treatment_procedures" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "treatment_procedures_clinic_idx" ON "treatment_procedures" USING btree ("clinic_id","performed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_procedures_request_uq" ON "treatment_procedures" USING btree ("registration_id","request_key");--> statement-breakpoint
CREATE INDEX "lab_specimens_visit_idx" ON "lab_specimens" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "lab_specimens_clinic_idx" ON "lab_specimens" USING btree ("clinic_id","status");