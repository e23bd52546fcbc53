CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "mrn_counters" (
	"clinic_id" integer PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"mrn" text NOT NULL,
	"nik" text,
	"passport" text,
	"nationality" text DEFAULT 'WNI' NOT NULL,
	"title" text,
	"name" text NOT NULL,
	"sex" text NOT NULL,
	"dob" date NOT NULL,
	"blood_group" text,
	"rhesus" text,
	"phone" text,
	"email" text,
	"address" text,
	"province_code" text,
	"city_code" text,
	"district_code" text,
	"village_code" text,
	"payer_type" text DEFAULT 'self' NOT NULL,
	"company_id" integer,
	"insurance_name" text,
	"insurance_number" text,
	"emergency_name" text,
	"emergency_phone" text,
	"emergency_relation" text,
	"allergies" text,
	"ihs_number" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "patients_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "mrn_counters" ADD CONSTRAINT "mrn_counters_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_clinic_mrn_uq" ON "patients" USING btree ("clinic_id","mrn");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_corp_nik_uq" ON "patients" USING btree ("corp_id","nik") WHERE "patients"."nik" IS NOT NULL AND "patients"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "patients_corp_nik_idx" ON "patients" USING btree ("corp_id","nik");--> statement-breakpoint
CREATE INDEX "patients_corp_dob_idx" ON "patients" USING btree ("corp_id","dob");--> statement-breakpoint
CREATE INDEX "patients_corp_name_idx" ON "patients" USING btree ("corp_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "patients_name_trgm_idx" ON "patients" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_phone_trgm_idx" ON "patients" USING gin ("phone" gin_trgm_ops);