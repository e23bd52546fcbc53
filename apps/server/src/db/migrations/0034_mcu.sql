CREATE TABLE "mcu_company_categories" (
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"fit" boolean NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "mcu_company_categories_company_id_code_pk" PRIMARY KEY("company_id","code")
);
--> statement-breakpoint
CREATE TABLE "mcu_company_counters" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcu_conclusions" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"participant_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"category" text NOT NULL,
	"conclusion" text,
	"advice" text,
	"restrictions" text,
	"follow_up_date" date,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amendment_reason" text,
	"verify_token" text NOT NULL,
	"written_by" integer NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcu_conclusions_uid_unique" UNIQUE("uid"),
	CONSTRAINT "mcu_conclusions_verify_token_unique" UNIQUE("verify_token")
);
--> statement-breakpoint
CREATE TABLE "mcu_event_packages" (
	"event_id" integer NOT NULL,
	"job_group" text NOT NULL,
	"package_id" integer NOT NULL,
	CONSTRAINT "mcu_event_packages_event_id_job_group_pk" PRIMARY KEY("event_id","job_group")
);
--> statement-breakpoint
CREATE TABLE "mcu_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"exam_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcu_events_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "mcu_packages" (
	"service_id" integer PRIMARY KEY NOT NULL,
	"exam_type" text NOT NULL,
	"stations" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mcu_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"mcu_number" text NOT NULL,
	"patient_id" integer NOT NULL,
	"employee_number" text NOT NULL,
	"nik" text NOT NULL,
	"name" text NOT NULL,
	"sex" text NOT NULL,
	"birth_date" date NOT NULL,
	"department" text,
	"job" text,
	"job_group" text,
	"package_id" integer NOT NULL,
	"registration_id" integer,
	"status" text DEFAULT 'registered' NOT NULL,
	"consent_to_share" boolean DEFAULT false NOT NULL,
	"exposures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"occupational_history" text,
	"checked_in_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mcu_participants_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "mcu_station_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"participant_id" integer NOT NULL,
	"station" text NOT NULL,
	"data" jsonb NOT NULL,
	"findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"normal" boolean NOT NULL,
	"file_uid" text,
	"examined_by" integer NOT NULL,
	"examined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mcu_company_categories" ADD CONSTRAINT "mcu_company_categories_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_company_counters" ADD CONSTRAINT "mcu_company_counters_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_conclusions" ADD CONSTRAINT "mcu_conclusions_participant_id_mcu_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."mcu_participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_event_packages" ADD CONSTRAINT "mcu_event_packages_event_id_mcu_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."mcu_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_event_packages" ADD CONSTRAINT "mcu_event_packages_package_id_services_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_events" ADD CONSTRAINT "mcu_events_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_events" ADD CONSTRAINT "mcu_events_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_events" ADD CONSTRAINT "mcu_events_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_packages" ADD CONSTRAINT "mcu_packages_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_participants" ADD CONSTRAINT "mcu_participants_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_participants" ADD CONSTRAINT "mcu_participants_event_id_mcu_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."mcu_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_participants" ADD CONSTRAINT "mcu_participants_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_participants" ADD CONSTRAINT "mcu_participants_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_participants" ADD CONSTRAINT "mcu_participants_package_id_services_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_participants" ADD CONSTRAINT "mcu_participants_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mcu_station_results" ADD CONSTRAINT "mcu_station_results_participant_id_mcu_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."mcu_participants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mcu_conclusions_participant_version_uq" ON "mcu_conclusions" USING btree ("participant_id","version");--> statement-breakpoint
CREATE INDEX "mcu_events_company_idx" ON "mcu_events" USING btree ("company_id","start_date");--> statement-breakpoint
CREATE INDEX "mcu_events_clinic_idx" ON "mcu_events" USING btree ("clinic_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "mcu_participants_event_employee_uq" ON "mcu_participants" USING btree ("event_id",lower("employee_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "mcu_participants_company_seq_uq" ON "mcu_participants" USING btree ("company_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "mcu_participants_registration_uq" ON "mcu_participants" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "mcu_participants_event_status_idx" ON "mcu_participants" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "mcu_participants_patient_idx" ON "mcu_participants" USING btree ("patient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mcu_station_results_participant_station_uq" ON "mcu_station_results" USING btree ("participant_id","station");