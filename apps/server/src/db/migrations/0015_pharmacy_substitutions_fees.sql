CREATE TABLE "prescription_fees" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prescription_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"line" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescription_substitutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"prescription_id" integer NOT NULL,
	"line" integer NOT NULL,
	"from_name" text NOT NULL,
	"item_id" integer NOT NULL,
	"reason" text NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dispensed_items" ADD COLUMN "ingredient" integer;--> statement-breakpoint
ALTER TABLE "dispensed_items" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "prescription_fees" ADD CONSTRAINT "prescription_fees_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_fees" ADD CONSTRAINT "prescription_fees_event_id_pharmacy_order_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."pharmacy_order_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_substitutions" ADD CONSTRAINT "prescription_substitutions_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_substitutions" ADD CONSTRAINT "prescription_substitutions_item_id_drugs_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescription_fees_prescription_idx" ON "prescription_fees" USING btree ("prescription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_substitutions_line_uq" ON "prescription_substitutions" USING btree ("prescription_id","line");