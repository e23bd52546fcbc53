CREATE TABLE "bill_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"bill_id" integer NOT NULL,
	"kind" text NOT NULL,
	"line_key" text,
	"discount_type" text,
	"value" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"description" text,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" integer NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_adjustments_uid_unique" UNIQUE("uid"),
	CONSTRAINT "bill_adjustments_status_ck" CHECK ("bill_adjustments"."status" IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"category" text NOT NULL,
	"source_type" text NOT NULL,
	"source_uid" text NOT NULL,
	"code" text,
	"description" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"tax_code" text NOT NULL,
	"dpp" bigint NOT NULL,
	"ppn" bigint NOT NULL,
	"net" bigint NOT NULL,
	"payer_portion" bigint NOT NULL,
	"patient_portion" bigint NOT NULL,
	"adjustment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_counters" (
	"clinic_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "billing_counters_clinic_id_kind_period_pk" PRIMARY KEY("clinic_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"clinic_id" integer PRIMARY KEY NOT NULL,
	"is_pkp" boolean DEFAULT false NOT NULL,
	"prices_include_ppn" boolean DEFAULT true NOT NULL,
	"discount_approval_threshold" bigint DEFAULT 100000 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" text,
	"payer_type" text NOT NULL,
	"company_id" integer,
	"payer_name" text,
	"service_day" date NOT NULL,
	"is_pkp" boolean,
	"prices_include_ppn" boolean,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_uid_unique" UNIQUE("uid"),
	CONSTRAINT "bills_status_ck" CHECK ("bills"."status" IN ('draft', 'posted', 'paid')),
	CONSTRAINT "bills_number_ck" CHECK (("bills"."status" = 'draft') = ("bills"."number" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "payment_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"tendered" bigint,
	"change" bigint DEFAULT 0 NOT NULL,
	"reference" text
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"receipt_number" text,
	"amount" bigint NOT NULL,
	"reverses_payment_id" integer,
	"reason" text,
	"cashier_id" integer NOT NULL,
	"approved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "receivables" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"payment_part_id" integer NOT NULL,
	"payer_kind" text NOT NULL,
	"company_id" integer,
	"payer_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receivables_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "bill_adjustments" ADD CONSTRAINT "bill_adjustments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_adjustment_id_bill_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."bill_adjustments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_counters" ADD CONSTRAINT "billing_counters_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_parts" ADD CONSTRAINT "payment_parts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_payment_part_id_payment_parts_id_fk" FOREIGN KEY ("payment_part_id") REFERENCES "public"."payment_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receivables" ADD CONSTRAINT "receivables_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_adjustments_bill_idx" ON "bill_adjustments" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_lines_bill_seq_uq" ON "bill_lines" USING btree ("bill_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_registration_uq" ON "bills" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_number_uq" ON "bills" USING btree ("number");--> statement-breakpoint
CREATE INDEX "bills_clinic_status_idx" ON "bills" USING btree ("clinic_id","status","service_day");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_parts_payment_seq_uq" ON "payment_parts" USING btree ("payment_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_uq" ON "payments" USING btree ("corp_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_uq" ON "payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reverses_uq" ON "payments" USING btree ("reverses_payment_id");--> statement-breakpoint
CREATE INDEX "payments_bill_idx" ON "payments" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "payments_clinic_created_idx" ON "payments" USING btree ("clinic_id","created_at");--> statement-breakpoint
CREATE INDEX "receivables_bill_idx" ON "receivables" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "receivables_company_idx" ON "receivables" USING btree ("company_id");--> statement-breakpoint
-- Money rows are append-only: a correction is an adjustment line or a negative payment, never a change.
CREATE OR REPLACE FUNCTION klinikita_billing_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'raise_exception';
END;
$$;--> statement-breakpoint
CREATE TRIGGER bill_lines_append_only BEFORE UPDATE OR DELETE ON bill_lines
  FOR EACH ROW EXECUTE FUNCTION klinikita_billing_append_only();--> statement-breakpoint
CREATE TRIGGER payments_append_only BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION klinikita_billing_append_only();--> statement-breakpoint
CREATE TRIGGER payment_parts_append_only BEFORE UPDATE OR DELETE ON payment_parts
  FOR EACH ROW EXECUTE FUNCTION klinikita_billing_append_only();--> statement-breakpoint
CREATE TRIGGER receivables_append_only BEFORE UPDATE OR DELETE ON receivables
  FOR EACH ROW EXECUTE FUNCTION klinikita_billing_append_only();
--> statement-breakpoint
-- A draft bill reads the visit's published events (service.performed and .voided, lab.result.released,
-- prescription.dispensed): one probe by the visit's uid instead of a scan of the outbox.
CREATE INDEX domain_events_visit_idx ON domain_events ((coalesce(payload->>'registrationId', payload->>'registrationUid')));
