CREATE TABLE "lab_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"amendment_reason" text,
	"entered_by" integer,
	"entered_at" timestamp with time zone,
	"validated_by" integer,
	"validated_at" timestamp with time zone,
	"released_by" integer,
	"released_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_reports_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "lab_result_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"value_number" double precision,
	"value_text" text,
	"calculated" boolean DEFAULT false NOT NULL,
	"unit" text,
	"low" double precision,
	"high" double precision,
	"critical_low" double precision,
	"critical_high" double precision,
	"normal_text" text,
	"flag" text,
	"entered_by" integer,
	"entered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reports" ADD CONSTRAINT "lab_reports_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_result_values" ADD CONSTRAINT "lab_result_values_report_id_lab_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."lab_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_result_values" ADD CONSTRAINT "lab_result_values_parameter_id_lab_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."lab_parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_result_values" ADD CONSTRAINT "lab_result_values_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_reports_visit_version_uq" ON "lab_reports" USING btree ("registration_id","version");--> statement-breakpoint
CREATE INDEX "lab_reports_clinic_status_idx" ON "lab_reports" USING btree ("clinic_id","status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lab_result_values_report_parameter_uq" ON "lab_result_values" USING btree ("report_id","parameter_id");--> statement-breakpoint
CREATE INDEX "lab_result_values_parameter_idx" ON "lab_result_values" USING btree ("parameter_id");