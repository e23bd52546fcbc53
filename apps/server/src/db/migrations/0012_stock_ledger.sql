CREATE TABLE "item_costs" (
	"item_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"average_cost" numeric(18, 4) DEFAULT 0 NOT NULL,
	"on_hand" numeric(14, 3) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_costs_item_id_clinic_id_pk" PRIMARY KEY("item_id","clinic_id"),
	CONSTRAINT "item_costs_on_hand_not_negative" CHECK ("item_costs"."on_hand" >= 0)
);
--> statement-breakpoint
CREATE TABLE "item_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"factor" numeric(14, 3) NOT NULL,
	CONSTRAINT "item_units_factor_positive" CHECK ("item_units"."factor" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"batch_number" text NOT NULL,
	"expiry_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_quantity_not_negative" CHECK ("stock_levels"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_locations_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"balance_after" numeric(14, 3) NOT NULL,
	"unit_cost" bigint DEFAULT 0 NOT NULL,
	"reference_type" text NOT NULL,
	"reference_uid" text NOT NULL,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_uid_unique" UNIQUE("uid"),
	CONSTRAINT "stock_movements_kind" CHECK ("stock_movements"."kind" IN ('initial', 'receipt', 'dispense', 'transfer_out', 'transfer_in', 'adjustment', 'return_patient', 'return_supplier', 'consumable_use', 'opname')),
	CONSTRAINT "stock_movements_quantity_not_zero" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_balance_not_negative" CHECK ("stock_movements"."balance_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "drugs" ADD COLUMN "kind" text DEFAULT 'drug' NOT NULL;--> statement-breakpoint
ALTER TABLE "drugs" ADD COLUMN "drug_class" text;--> statement-breakpoint
ALTER TABLE "drugs" ADD COLUMN "base_unit" text;--> statement-breakpoint
ALTER TABLE "drugs" ADD COLUMN "min_stock" numeric(14, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_costs" ADD CONSTRAINT "item_costs_item_id_drugs_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_costs" ADD CONSTRAINT "item_costs_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_units" ADD CONSTRAINT "item_units_item_id_drugs_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_item_id_drugs_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_item_id_drugs_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_id_drugs_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_units_item_name_uq" ON "item_units" USING btree ("item_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "stock_batches_item_number_uq" ON "stock_batches" USING btree ("item_id","batch_number");--> statement-breakpoint
CREATE INDEX "stock_batches_item_expiry_idx" ON "stock_batches" USING btree ("item_id","expiry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_levels_location_batch_uq" ON "stock_levels" USING btree ("location_id","batch_id");--> statement-breakpoint
CREATE INDEX "stock_levels_location_item_idx" ON "stock_levels" USING btree ("location_id","item_id") WHERE "stock_levels"."quantity" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_clinic_name_uq" ON "stock_locations" USING btree ("clinic_id",lower("name"));--> statement-breakpoint
CREATE INDEX "stock_movements_card_idx" ON "stock_movements" USING btree ("location_id","item_id","id");--> statement-breakpoint
CREATE INDEX "stock_movements_reference_idx" ON "stock_movements" USING btree ("reference_type","reference_uid");--> statement-breakpoint
CREATE INDEX "stock_movements_clinic_item_idx" ON "stock_movements" USING btree ("clinic_id","item_id","created_at");--> statement-breakpoint
-- The stock card is append-only: a movement is never changed or removed; a correction is a new
-- movement with its reason (issue 17). Written by hand after drizzle-kit generated the tables.
CREATE OR REPLACE FUNCTION klinikita_stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock_movements is append-only: % refused', TG_OP
    USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION klinikita_stock_movements_append_only();
--> statement-breakpoint
CREATE TRIGGER stock_movements_no_truncate BEFORE TRUNCATE ON stock_movements
  FOR EACH STATEMENT EXECUTE FUNCTION klinikita_stock_movements_append_only();
