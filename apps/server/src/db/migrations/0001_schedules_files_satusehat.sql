CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer,
	"uploaded_by" integer,
	"kind" text NOT NULL,
	"storage_path" text NOT NULL,
	"original_name" text,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "satusehat_settings" (
	"clinic_id" integer PRIMARY KEY NOT NULL,
	"environment" text DEFAULT 'simulator' NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_enc" text NOT NULL,
	"organization_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_schedule_days" (
	"doctor_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"patient_limit" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_schedule_days_doctor_id_clinic_id_weekday_pk" PRIMARY KEY("doctor_id","clinic_id","weekday")
);
--> statement-breakpoint
CREATE TABLE "doctor_schedule_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"doctor_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "satusehat_settings" ADD CONSTRAINT "satusehat_settings_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_schedule_days" ADD CONSTRAINT "doctor_schedule_days_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_schedule_days" ADD CONSTRAINT "doctor_schedule_days_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_schedule_slots" ADD CONSTRAINT "doctor_schedule_slots_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_schedule_slots" ADD CONSTRAINT "doctor_schedule_slots_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_corp_idx" ON "files" USING btree ("corp_id");--> statement-breakpoint
CREATE INDEX "doctor_schedule_slots_day_idx" ON "doctor_schedule_slots" USING btree ("doctor_id","clinic_id","weekday");