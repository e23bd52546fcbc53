CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line" integer NOT NULL,
	"item_id" integer NOT NULL,
	"unit" text NOT NULL,
	"factor" numeric(14, 3) NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"price" bigint NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"net" bigint NOT NULL,
	"received_base" numeric(14, 3) DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_lines_quantity_positive" CHECK ("purchase_order_lines"."quantity" > 0),
	CONSTRAINT "purchase_order_lines_received_not_negative" CHECK ("purchase_order_lines"."received_base" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"number" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"order_date" date NOT NULL,
	"expected_date" date,
	"note" text,
	"cancel_reason" text,
	"close_reason" text,
	"ppn_percent" numeric(5, 2) NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"dpp" bigint DEFAULT 0 NOT NULL,
	"ppn" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "purchase_receipt_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"line" integer NOT NULL,
	"order_line_id" integer,
	"item_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"unit" text NOT NULL,
	"factor" numeric(14, 3) NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"base_quantity" numeric(14, 3) NOT NULL,
	"price" bigint NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"net" bigint NOT NULL,
	"unit_cost" numeric(18, 4) NOT NULL,
	"returned_base" numeric(14, 3) DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_receipt_lines_returned_range" CHECK ("purchase_receipt_lines"."returned_base" >= 0 AND "purchase_receipt_lines"."returned_base" <= "purchase_receipt_lines"."base_quantity")
);
--> statement-breakpoint
CREATE TABLE "purchase_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"number" text NOT NULL,
	"order_id" integer,
	"supplier_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"received_date" date NOT NULL,
	"ppn_percent" numeric(5, 2) NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"dpp" bigint DEFAULT 0 NOT NULL,
	"ppn" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"request_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_receipts_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "purchasing_counters" (
	"clinic_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "purchasing_counters_clinic_id_kind_period_pk" PRIMARY KEY("clinic_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "supplier_return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"receipt_line_id" integer NOT NULL,
	"base_quantity" numeric(14, 3) NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "supplier_return_lines_quantity_positive" CHECK ("supplier_return_lines"."base_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"number" text NOT NULL,
	"receipt_id" integer NOT NULL,
	"return_date" date NOT NULL,
	"reason" text NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"request_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_returns_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"name" text NOT NULL,
	"npwp" text,
	"address" text,
	"phone" text,
	"contact_person" text,
	"email" text,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_item_id_drugs_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_receipt_id_purchase_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."purchase_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_item_id_drugs_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipts" ADD CONSTRAINT "purchase_receipts_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchasing_counters" ADD CONSTRAINT "purchasing_counters_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_return_lines" ADD CONSTRAINT "supplier_return_lines_return_id_supplier_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."supplier_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_return_lines" ADD CONSTRAINT "supplier_return_lines_receipt_line_id_purchase_receipt_lines_id_fk" FOREIGN KEY ("receipt_line_id") REFERENCES "public"."purchase_receipt_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_returns" ADD CONSTRAINT "supplier_returns_receipt_id_purchase_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."purchase_receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_order_line_uq" ON "purchase_order_lines" USING btree ("order_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_clinic_number_uq" ON "purchase_orders" USING btree ("clinic_id","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_clinic_status_idx" ON "purchase_orders" USING btree ("clinic_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_receipt_lines_receipt_line_uq" ON "purchase_receipt_lines" USING btree ("receipt_id","line");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_receipts_clinic_number_uq" ON "purchase_receipts" USING btree ("clinic_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_receipts_request_uq" ON "purchase_receipts" USING btree ("clinic_id","request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_receipts_supplier_invoice_uq" ON "purchase_receipts" USING btree ("supplier_id",lower("invoice_number"));--> statement-breakpoint
CREATE INDEX "purchase_receipts_order_idx" ON "purchase_receipts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "purchase_receipts_clinic_idx" ON "purchase_receipts" USING btree ("clinic_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_returns_clinic_number_uq" ON "supplier_returns" USING btree ("clinic_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_returns_request_uq" ON "supplier_returns" USING btree ("clinic_id","request_key");--> statement-breakpoint
CREATE INDEX "supplier_returns_clinic_idx" ON "supplier_returns" USING btree ("clinic_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_corp_name_uq" ON "suppliers" USING btree ("corp_id",lower("name"));