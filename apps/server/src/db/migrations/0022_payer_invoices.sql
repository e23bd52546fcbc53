CREATE TABLE "payer_invoice_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payer_invoice_allocations_amount_ck" CHECK ("payer_invoice_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payer_invoice_claims" (
	"receivable_id" integer PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payer_invoice_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"receivable_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payer_invoice_items_amount_ck" CHECK ("payer_invoice_items"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payer_invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"amount" bigint NOT NULL,
	"note" text,
	"recorded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_invoice_payments_uid_unique" UNIQUE("uid"),
	CONSTRAINT "payer_invoice_payments_amount_ck" CHECK ("payer_invoice_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payer_invoice_settings" (
	"clinic_id" integer PRIMARY KEY NOT NULL,
	"bank_name" text,
	"account_number" text,
	"account_holder" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payer_invoice_write_offs" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer NOT NULL,
	"approved_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_invoice_write_offs_amount_ck" CHECK ("payer_invoice_write_offs"."amount" > 0),
	CONSTRAINT "payer_invoice_write_offs_approver_ck" CHECK ("payer_invoice_write_offs"."approved_by" <> "payer_invoice_write_offs"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "payer_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"number" text NOT NULL,
	"payer_kind" text NOT NULL,
	"company_id" integer,
	"payer_name" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"term_days" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"note" text,
	"dispute_reason" text,
	"write_off_reason" text,
	"write_off_requested_by" integer,
	"cancel_reason" text,
	"prepared_by" integer NOT NULL,
	"prepared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"sent_by" integer,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_invoices_uid_unique" UNIQUE("uid"),
	CONSTRAINT "payer_invoices_status_ck" CHECK ("payer_invoices"."status" IN ('DRAFT', 'APPROVED', 'SENT', 'PARTIALLY_PAID', 'PAID', 'DISPUTED', 'WRITTEN_OFF', 'CANCELLED')),
	CONSTRAINT "payer_invoices_payer_ck" CHECK ("payer_invoices"."payer_kind" IN ('company', 'insurer')),
	CONSTRAINT "payer_invoices_period_ck" CHECK ("payer_invoices"."period_from" <= "payer_invoices"."period_to")
);
--> statement-breakpoint
ALTER TABLE "payer_invoice_allocations" ADD CONSTRAINT "payer_invoice_allocations_payment_id_payer_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payer_invoice_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_invoice_allocations" ADD CONSTRAINT "payer_invoice_allocations_item_id_payer_invoice_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."payer_invoice_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_invoice_claims" ADD CONSTRAINT "payer_invoice_claims_receivable_id_receivables_id_fk" FOREIGN KEY ("receivable_id") REFERENCES "public"."receivables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_invoice_claims" ADD CONSTRAINT "payer_invoice_claims_invoice_id_payer_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."payer_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_invoice_items" ADD CONSTRAINT "payer_invoice_items_invoice_id_payer_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."payer_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_invoice_items" ADD CONSTRAINT "payer_invoice_items_receivable_id_receivables_id_fk" FOREIGN KEY ("receivable_id") REFERENCES "public"."receivables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_invoice_payments" ADD CONSTRAINT "payer_invoice_payments_invoice_id_payer_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."payer_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_invoice_settings" ADD CONSTRAINT "payer_invoice_settings_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_invoice_write_offs" ADD CONSTRAINT "payer_invoice_write_offs_invoice_id_payer_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."payer_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_invoice_write_offs" ADD CONSTRAINT "payer_invoice_write_offs_item_id_payer_invoice_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."payer_invoice_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_invoices" ADD CONSTRAINT "payer_invoices_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_invoices" ADD CONSTRAINT "payer_invoices_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_invoices" ADD CONSTRAINT "payer_invoices_company_id_partner_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."partner_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payer_invoice_allocations_item_idx" ON "payer_invoice_allocations" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payer_invoice_items_invoice_receivable_uq" ON "payer_invoice_items" USING btree ("invoice_id","receivable_id");--> statement-breakpoint
CREATE INDEX "payer_invoice_items_receivable_idx" ON "payer_invoice_items" USING btree ("receivable_id");--> statement-breakpoint
CREATE INDEX "payer_invoice_payments_invoice_idx" ON "payer_invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payer_invoice_write_offs_invoice_idx" ON "payer_invoice_write_offs" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payer_invoices_number_uq" ON "payer_invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "payer_invoices_clinic_status_idx" ON "payer_invoices" USING btree ("clinic_id","status","issue_date");--> statement-breakpoint
-- Money rows of the payer invoices are append-only, like the bills' (klinikita_billing_append_only, 0021).
CREATE TRIGGER payer_invoice_items_append_only BEFORE UPDATE OR DELETE ON payer_invoice_items
  FOR EACH ROW EXECUTE FUNCTION klinikita_billing_append_only();--> statement-breakpoint
CREATE TRIGGER payer_invoice_payments_append_only BEFORE UPDATE OR DELETE ON payer_invoice_payments
  FOR EACH ROW EXECUTE FUNCTION klinikita_billing_append_only();--> statement-breakpoint
CREATE TRIGGER payer_invoice_allocations_append_only BEFORE UPDATE OR DELETE ON payer_invoice_allocations
  FOR EACH ROW EXECUTE FUNCTION klinikita_billing_append_only();--> statement-breakpoint
CREATE TRIGGER payer_invoice_write_offs_append_only BEFORE UPDATE OR DELETE ON payer_invoice_write_offs
  FOR EACH ROW EXECUTE FUNCTION klinikita_billing_append_only();
