CREATE TABLE "dispensed_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prescription_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"item_id" integer NOT NULL,
	"batch_number" text NOT NULL,
	"expiry_date" date NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price" bigint NOT NULL,
	"unit_cost" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prescription_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text,
	"request_key" text,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescription_reviews" (
	"prescription_id" integer PRIMARY KEY NOT NULL,
	"checks" jsonb NOT NULL,
	"reviewed_by" integer NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prescriptions" ALTER COLUMN "status" SET DEFAULT 'submitted';--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "racikan" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "pharmacy_location_id" integer;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "review_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "dispensed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- rows written before the pharmacy queue: 'waiting' is now 'submitted'; racikan from their lines
UPDATE "prescriptions" SET "status" = 'submitted' WHERE "status" = 'waiting';--> statement-breakpoint
UPDATE "prescriptions" SET "racikan" = EXISTS (SELECT 1 FROM jsonb_array_elements("items") AS e WHERE e->>'kind' = 'compound');--> statement-breakpoint
ALTER TABLE "dispensed_items" ADD CONSTRAINT "dispensed_items_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensed_items" ADD CONSTRAINT "dispensed_items_event_id_pharmacy_order_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."pharmacy_order_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispensed_items" ADD CONSTRAINT "dispensed_items_item_id_drugs_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pharmacy_order_events" ADD CONSTRAINT "pharmacy_order_events_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_reviews" ADD CONSTRAINT "prescription_reviews_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispensed_items_prescription_idx" ON "dispensed_items" USING btree ("prescription_id","line");--> statement-breakpoint
CREATE INDEX "pharmacy_order_events_prescription_idx" ON "pharmacy_order_events" USING btree ("prescription_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pharmacy_order_events_request_uq" ON "pharmacy_order_events" USING btree ("prescription_id","request_key");--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_pharmacy_location_id_stock_locations_id_fk" FOREIGN KEY ("pharmacy_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescriptions_clinic_created_idx" ON "prescriptions" USING btree ("clinic_id","created_at");