CREATE TABLE "partner_company_employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"company_id" integer NOT NULL,
	"employee_number" text NOT NULL,
	"nik" text NOT NULL,
	"name" text NOT NULL,
	"birth_date" date NOT NULL,
	"sex" text NOT NULL,
	"department" text,
	"active" boolean DEFAULT true NOT NULL,
	"patient_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_company_employees_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "partner_company_excluded_services" (
	"company_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	CONSTRAINT "partner_company_excluded_services_company_id_service_id_pk" PRIMARY KEY("company_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "partner_company_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"company_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_company_prices_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "uid" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "npwp" text;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "pic_name" text;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "payment_term_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "credit_limit" bigint;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "billing_cycle" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "cutoff_day" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "ppn_invoice_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "ceiling_per_visit" bigint;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "ceiling_per_year" bigint;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "copay_type" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "copay_value" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "excluded_groups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_company_employees" ADD CONSTRAINT "partner_company_employees_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_company_employees" ADD CONSTRAINT "partner_company_employees_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_company_excluded_services" ADD CONSTRAINT "partner_company_excluded_services_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_company_excluded_services" ADD CONSTRAINT "partner_company_excluded_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_company_prices" ADD CONSTRAINT "partner_company_prices_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_company_prices" ADD CONSTRAINT "partner_company_prices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_company_employees_number_uq" ON "partner_company_employees" USING btree ("company_id",lower("employee_number"));--> statement-breakpoint
CREATE INDEX "partner_company_employees_nik_idx" ON "partner_company_employees" USING btree ("nik");--> statement-breakpoint
CREATE INDEX "partner_company_prices_lookup_idx" ON "partner_company_prices" USING btree ("company_id","service_id","valid_from");--> statement-breakpoint
ALTER TABLE "partner_companies" ADD CONSTRAINT "partner_companies_uid_unique" UNIQUE("uid");--> statement-breakpoint
ALTER TABLE "partner_companies" ADD CONSTRAINT "partner_companies_cutoff_day_ck" CHECK ("partner_companies"."cutoff_day" BETWEEN 1 AND 28);