CREATE TABLE "transaction_report_bills" (
	"bill_id" integer PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"service_day" date NOT NULL,
	"posted_at" timestamp with time zone,
	"status" text NOT NULL,
	"payer_type" text NOT NULL,
	"company_id" integer,
	"cashier_ids" integer[] NOT NULL,
	"cat_registration" bigint NOT NULL,
	"cat_consultation" bigint NOT NULL,
	"cat_procedure" bigint NOT NULL,
	"cat_lab" bigint NOT NULL,
	"cat_radiology" bigint NOT NULL,
	"cat_physio" bigint NOT NULL,
	"cat_drug" bigint NOT NULL,
	"cat_compounding" bigint NOT NULL,
	"cat_consumable" bigint NOT NULL,
	"cat_extra" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"dpp" bigint NOT NULL,
	"ppn" bigint NOT NULL,
	"net" bigint NOT NULL,
	"m_tunai" bigint NOT NULL,
	"m_debit" bigint NOT NULL,
	"m_kredit" bigint NOT NULL,
	"m_qris" bigint NOT NULL,
	"m_transfer" bigint NOT NULL,
	"m_deposit" bigint NOT NULL,
	"m_perusahaan" bigint NOT NULL,
	"m_asuransi" bigint NOT NULL,
	"paid_total" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transaction_report_bills" ADD CONSTRAINT "transaction_report_bills_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_report_bills_clinic_posted_idx" ON "transaction_report_bills" USING btree ("clinic_id","posted_at","bill_id");--> statement-breakpoint
CREATE INDEX "transaction_report_bills_clinic_day_idx" ON "transaction_report_bills" USING btree ("clinic_id","service_day");--> statement-breakpoint
-- The transaction report's row of each given bill, rebuilt from the bill, its lines, payments and
-- parts (a draft or a missing bill has none). The categories and methods are the report's
-- (transaction-report.rules: REPORT_CATEGORY_OF, REPORT_METHODS); the report's consistency query
-- compares the stored rows with the same sums computed by the server from the money rows.
CREATE OR REPLACE FUNCTION klinikita_transaction_report_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM transaction_report_bills t WHERE t.bill_id IN (SELECT unnest(ids))
    AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.id = t.bill_id AND b.status <> 'draft');
  INSERT INTO transaction_report_bills AS t
  SELECT b.id, b.corp_id, b.clinic_id, b.registration_id, b.patient_id, b.service_day, b.posted_at,
    CASE WHEN b.status = 'paid' THEN 'LUNAS'
      WHEN pay.reversals > 0 AND pay.reversals = pay.originals THEN 'DIBATALKAN' ELSE 'BELUM_LUNAS' END,
    b.payer_type, b.company_id, pay.cashier_ids,
    l.cat_registration, l.cat_consultation, l.cat_procedure, l.cat_lab, l.cat_radiology, l.cat_physio,
    l.cat_drug, l.cat_compounding, l.cat_consumable, l.cat_extra, l.gross, l.discount, l.dpp, l.ppn, l.net,
    parts.m_tunai, parts.m_debit, parts.m_kredit, parts.m_qris, parts.m_transfer, parts.m_deposit,
    parts.m_perusahaan, parts.m_asuransi, parts.paid_total
  FROM (SELECT DISTINCT unnest(ids) AS id) i
  JOIN bills b ON b.id = i.id AND b.status <> 'draft'
  CROSS JOIN LATERAL (SELECT
      coalesce(sum(bl.gross) FILTER (WHERE bl.category = 'registration'), 0) AS cat_registration,
      coalesce(sum(bl.gross) FILTER (WHERE bl.category = 'consultation'), 0) AS cat_consultation,
      coalesce(sum(bl.gross) FILTER (WHERE bl.category IN ('procedure', 'mcu')), 0) AS cat_procedure,
      coalesce(sum(bl.gross) FILTER (WHERE bl.category = 'lab'), 0) AS cat_lab,
      coalesce(sum(bl.gross) FILTER (WHERE bl.category = 'radiology'), 0) AS cat_radiology,
      coalesce(sum(bl.gross) FILTER (WHERE bl.category = 'physio'), 0) AS cat_physio,
      coalesce(sum(bl.gross) FILTER (WHERE bl.category = 'drug'), 0) AS cat_drug,
      coalesce(sum(bl.gross) FILTER (WHERE bl.category IN ('compounding', 'packaging')), 0) AS cat_compounding,
      coalesce(sum(bl.gross) FILTER (WHERE bl.category = 'consumable'), 0) AS cat_consumable,
      coalesce(sum(bl.gross) FILTER (WHERE bl.category IN ('other', 'extra', 'adjustment')), 0) AS cat_extra,
      coalesce(sum(bl.gross), 0) AS gross, coalesce(sum(bl.discount), 0) AS discount,
      coalesce(sum(bl.dpp), 0) AS dpp, coalesce(sum(bl.ppn), 0) AS ppn, coalesce(sum(bl.net), 0) AS net
    FROM bill_lines bl WHERE bl.bill_id = b.id) l
  CROSS JOIN LATERAL (SELECT
      count(*) FILTER (WHERE p.reverses_payment_id IS NOT NULL) AS reversals,
      count(*) FILTER (WHERE p.reverses_payment_id IS NULL) AS originals,
      coalesce(array_agg(DISTINCT p.cashier_id ORDER BY p.cashier_id), '{}') AS cashier_ids
    FROM payments p WHERE p.bill_id = b.id) pay
  CROSS JOIN LATERAL (SELECT
      coalesce(sum(pp.amount) FILTER (WHERE pp.method = 'TUNAI'), 0) AS m_tunai,
      coalesce(sum(pp.amount) FILTER (WHERE pp.method = 'DEBIT'), 0) AS m_debit,
      coalesce(sum(pp.amount) FILTER (WHERE pp.method = 'KREDIT'), 0) AS m_kredit,
      coalesce(sum(pp.amount) FILTER (WHERE pp.method = 'QRIS'), 0) AS m_qris,
      coalesce(sum(pp.amount) FILTER (WHERE pp.method = 'TRANSFER'), 0) AS m_transfer,
      coalesce(sum(pp.amount) FILTER (WHERE pp.method = 'DEPOSIT'), 0) AS m_deposit,
      coalesce(sum(pp.amount) FILTER (WHERE pp.method = 'PERUSAHAAN'), 0) AS m_perusahaan,
      coalesce(sum(pp.amount) FILTER (WHERE pp.method = 'ASURANSI'), 0) AS m_asuransi,
      coalesce(sum(pp.amount), 0) AS paid_total
    FROM payments p JOIN payment_parts pp ON pp.payment_id = p.id WHERE p.bill_id = b.id) parts
  ON CONFLICT (bill_id) DO UPDATE SET corp_id = excluded.corp_id, clinic_id = excluded.clinic_id,
    registration_id = excluded.registration_id, patient_id = excluded.patient_id,
    service_day = excluded.service_day, posted_at = excluded.posted_at, status = excluded.status,
    payer_type = excluded.payer_type, company_id = excluded.company_id, cashier_ids = excluded.cashier_ids,
    cat_registration = excluded.cat_registration, cat_consultation = excluded.cat_consultation,
    cat_procedure = excluded.cat_procedure, cat_lab = excluded.cat_lab, cat_radiology = excluded.cat_radiology,
    cat_physio = excluded.cat_physio, cat_drug = excluded.cat_drug, cat_compounding = excluded.cat_compounding,
    cat_consumable = excluded.cat_consumable, cat_extra = excluded.cat_extra, gross = excluded.gross,
    discount = excluded.discount, dpp = excluded.dpp, ppn = excluded.ppn, net = excluded.net,
    m_tunai = excluded.m_tunai, m_debit = excluded.m_debit, m_kredit = excluded.m_kredit,
    m_qris = excluded.m_qris, m_transfer = excluded.m_transfer, m_deposit = excluded.m_deposit,
    m_perusahaan = excluded.m_perusahaan, m_asuransi = excluded.m_asuransi, paid_total = excluded.paid_total;
END;
$$;--> statement-breakpoint
-- Rebuilt in the statement that wrote the bill, its lines, payments or parts (one call per statement
-- for all the bills it touched), so the read model commits or rolls back with the money.
CREATE OR REPLACE FUNCTION klinikita_transaction_report_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'bills' THEN
    PERFORM klinikita_transaction_report_refresh(ARRAY(SELECT id FROM changed));
  ELSIF TG_TABLE_NAME = 'payment_parts' THEN
    PERFORM klinikita_transaction_report_refresh(ARRAY(
      SELECT DISTINCT p.bill_id FROM payments p WHERE p.id IN (SELECT payment_id FROM changed)));
  ELSE
    PERFORM klinikita_transaction_report_refresh(ARRAY(SELECT DISTINCT bill_id FROM changed));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bills_inserted_transaction_report AFTER INSERT ON bills
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION klinikita_transaction_report_changed();--> statement-breakpoint
CREATE TRIGGER bills_updated_transaction_report AFTER UPDATE ON bills
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION klinikita_transaction_report_changed();--> statement-breakpoint
CREATE TRIGGER bill_lines_transaction_report AFTER INSERT ON bill_lines
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION klinikita_transaction_report_changed();--> statement-breakpoint
CREATE TRIGGER payments_transaction_report AFTER INSERT ON payments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION klinikita_transaction_report_changed();--> statement-breakpoint
CREATE TRIGGER payment_parts_transaction_report AFTER INSERT ON payment_parts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION klinikita_transaction_report_changed();--> statement-breakpoint
-- the bills posted before this migration
SELECT klinikita_transaction_report_refresh(ARRAY(SELECT id FROM bills WHERE status <> 'draft'));
