CREATE TABLE "deposit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"method" text,
	"reference" text,
	"receipt_number" text,
	"idempotency_key" text,
	"request_hash" text,
	"payment_part_id" integer,
	"refunds_entry_id" integer,
	"reason" text,
	"cashier_id" integer NOT NULL,
	"approved_by" integer,
	"shift_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_entries_uid_unique" UNIQUE("uid"),
	CONSTRAINT "deposit_entries_kind_ck" CHECK ("deposit_entries"."kind" IN ('receipt', 'draw', 'return', 'refund')),
	CONSTRAINT "deposit_entries_sign_ck" CHECK (("deposit_entries"."kind" IN ('receipt', 'return') AND "deposit_entries"."amount" > 0) OR ("deposit_entries"."kind" IN ('draw', 'refund') AND "deposit_entries"."amount" < 0))
);
--> statement-breakpoint
CREATE TABLE "patient_deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_deposits_balance_ck" CHECK ("patient_deposits"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD CONSTRAINT "deposit_entries_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD CONSTRAINT "deposit_entries_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD CONSTRAINT "deposit_entries_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD CONSTRAINT "deposit_entries_payment_part_id_payment_parts_id_fk" FOREIGN KEY ("payment_part_id") REFERENCES "public"."payment_parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_entries" ADD CONSTRAINT "deposit_entries_shift_id_cashier_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."cashier_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_deposits" ADD CONSTRAINT "patient_deposits_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_deposits" ADD CONSTRAINT "patient_deposits_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_entries_idempotency_uq" ON "deposit_entries" USING btree ("corp_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_entries_receipt_uq" ON "deposit_entries" USING btree ("receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_entries_part_uq" ON "deposit_entries" USING btree ("payment_part_id");--> statement-breakpoint
CREATE INDEX "deposit_entries_patient_idx" ON "deposit_entries" USING btree ("corp_id","patient_id","id");--> statement-breakpoint
CREATE INDEX "deposit_entries_shift_idx" ON "deposit_entries" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_deposits_patient_uq" ON "patient_deposits" USING btree ("corp_id","patient_id");--> statement-breakpoint
-- The deposit ledger is append-only like the other money rows (a refund is a new entry, never a change).
CREATE TRIGGER deposit_entries_append_only BEFORE UPDATE OR DELETE ON deposit_entries
  FOR EACH ROW EXECUTE FUNCTION klinikita_billing_append_only();
