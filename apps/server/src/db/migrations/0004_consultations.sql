CREATE TABLE "clinic_codes" (
	"clinic_id" integer NOT NULL,
	"system" text NOT NULL,
	"code" text NOT NULL,
	"title_id" text,
	"title_en" text,
	"favourite" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_codes_clinic_id_system_code_pk" PRIMARY KEY("clinic_id","system","code")
);
--> statement-breakpoint
CREATE TABLE "medical_codes" (
	"system" text NOT NULL,
	"code" text NOT NULL,
	"title_en" text NOT NULL,
	"title_id" text NOT NULL,
	"search" text NOT NULL,
	CONSTRAINT "medical_codes_system_code_pk" PRIMARY KEY("system","code")
);
--> statement-breakpoint
CREATE TABLE "encounter_addenda" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"encounter_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encounter_addenda_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "encounter_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encounter_templates_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "encounters" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"doctor_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"systolic" integer,
	"diastolic" integer,
	"pulse" integer,
	"respiratory_rate" integer,
	"temperature" numeric(4, 1),
	"spo2" integer,
	"weight" numeric(5, 1),
	"height" numeric(4, 1),
	"subjective" text,
	"objective" text,
	"assessment" text,
	"plan" text,
	"diagnoses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"procedures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"prescription" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"orders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"referral" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_by" integer,
	"signed_hash" text,
	CONSTRAINT "encounters_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "letter_counters" (
	"clinic_id" integer NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "letter_counters_clinic_id_kind_year_pk" PRIMARY KEY("clinic_id","kind","year")
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"encounter_id" integer,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letters_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"encounter_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"doctor_id" integer,
	"status" text DEFAULT 'waiting' NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prescriptions_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "service_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"encounter_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"service_type" text NOT NULL,
	"items" jsonb NOT NULL,
	"note" text,
	"result" text,
	"result_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_orders_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "drugs" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"name" text NOT NULL,
	"generic_name" text,
	"form" text NOT NULL,
	"strength" text,
	"unit" text NOT NULL,
	"kfa_code" text,
	"price" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "drugs_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "clinic_codes" ADD CONSTRAINT "clinic_codes_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounter_addenda" ADD CONSTRAINT "encounter_addenda_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "encounters" ADD CONSTRAINT "encounters_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_counters" ADD CONSTRAINT "letter_counters_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_encounter_id_encounters_id_fk" FOREIGN KEY ("encounter_id") REFERENCES "public"."encounters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_orders" ADD CONSTRAINT "service_orders_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drugs" ADD CONSTRAINT "drugs_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "medical_codes_search_trgm_idx" ON "medical_codes" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "encounter_addenda_encounter_idx" ON "encounter_addenda" USING btree ("encounter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "encounter_templates_user_name_uq" ON "encounter_templates" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "encounters_registration_uq" ON "encounters" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "encounters_patient_idx" ON "encounters" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "encounters_doctor_idx" ON "encounters" USING btree ("doctor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "letters_clinic_number_uq" ON "letters" USING btree ("clinic_id","number");--> statement-breakpoint
CREATE INDEX "letters_patient_idx" ON "letters" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_encounter_uq" ON "prescriptions" USING btree ("encounter_id");--> statement-breakpoint
CREATE INDEX "prescriptions_clinic_status_idx" ON "prescriptions" USING btree ("clinic_id","status","created_at");--> statement-breakpoint
CREATE INDEX "service_orders_encounter_idx" ON "service_orders" USING btree ("encounter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_orders_registration_uq" ON "service_orders" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drugs_corp_name_strength_uq" ON "drugs" USING btree ("corp_id",lower("name"),coalesce("strength", ''),"form") WHERE "drugs"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "drugs_name_trgm_idx" ON "drugs" USING gin (lower("name" || ' ' || coalesce("generic_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drugs_corp_kfa_idx" ON "drugs" USING btree ("corp_id","kfa_code");--> statement-breakpoint
CREATE INDEX "audit_log_corp_at_idx" ON "audit_log" USING btree ("corp_id","at");