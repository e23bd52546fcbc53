CREATE TABLE "payer_claim_denials" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"invoice_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason_code" text NOT NULL,
	"note" text,
	"line_seqs" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"recorded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payer_claim_denials_uid_unique" UNIQUE("uid"),
	CONSTRAINT "payer_claim_denials_amount_ck" CHECK ("payer_claim_denials"."amount" > 0),
	CONSTRAINT "payer_claim_denials_reason_ck" CHECK ("payer_claim_denials"."reason_code" IN ('notCovered', 'overCeiling', 'incompleteDocuments', 'lateSubmission', 'duplicate', 'notIndicated', 'other'))
);
--> statement-breakpoint
CREATE TABLE "payer_claim_reclaims" (
	"denial_id" integer PRIMARY KEY NOT NULL,
	"note" text,
	"recorded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payer_claim_write_off_requests" (
	"denial_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payer_invoice_write_offs" ADD COLUMN "denial_id" integer;--> statement-breakpoint
ALTER TABLE "payer_claim_denials" ADD CONSTRAINT "payer_claim_denials_invoice_id_payer_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."payer_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_claim_denials" ADD CONSTRAINT "payer_claim_denials_item_id_payer_invoice_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."payer_invoice_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_claim_reclaims" ADD CONSTRAINT "payer_claim_reclaims_denial_id_payer_claim_denials_id_fk" FOREIGN KEY ("denial_id") REFERENCES "public"."payer_claim_denials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payer_claim_write_off_requests" ADD CONSTRAINT "payer_claim_write_off_requests_denial_id_payer_claim_denials_id_fk" FOREIGN KEY ("denial_id") REFERENCES "public"."payer_claim_denials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payer_claim_denials_invoice_idx" ON "payer_claim_denials" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payer_claim_denials_item_idx" ON "payer_claim_denials" USING btree ("item_id");--> statement-breakpoint
ALTER TABLE "payer_invoice_write_offs" ADD CONSTRAINT "payer_invoice_write_offs_denial_id_payer_claim_denials_id_fk" FOREIGN KEY ("denial_id") REFERENCES "public"."payer_claim_denials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payer_invoice_write_offs_denial_uq" ON "payer_invoice_write_offs" USING btree ("denial_id");--> statement-breakpoint
-- An insurer's denials and their re-claims are money rows: append-only (klinikita_billing_append_only, 0021).
CREATE TRIGGER payer_claim_denials_append_only BEFORE UPDATE OR DELETE ON payer_claim_denials
  FOR EACH ROW EXECUTE FUNCTION klinikita_billing_append_only();--> statement-breakpoint
CREATE TRIGGER payer_claim_reclaims_append_only BEFORE UPDATE OR DELETE ON payer_claim_reclaims
  FOR EACH ROW EXECUTE FUNCTION klinikita_billing_append_only();
