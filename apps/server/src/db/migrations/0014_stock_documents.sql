CREATE TABLE "stock_document_counters" (
	"clinic_id" integer NOT NULL,
	"kind" text NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "stock_document_counters_clinic_id_kind_pk" PRIMARY KEY("clinic_id","kind")
);
--> statement-breakpoint
CREATE TABLE "stock_opname_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"opname_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"system_quantity" numeric(14, 3) NOT NULL,
	"counted_quantity" numeric(14, 3),
	"unit_cost" integer,
	"note" text,
	CONSTRAINT "stock_opname_lines_counted" CHECK ("stock_opname_lines"."counted_quantity" IS NULL OR "stock_opname_lines"."counted_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_opnames" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by" integer,
	"submitted_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "stock_opnames_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "stock_request_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"requested_quantity" numeric(14, 3) NOT NULL,
	"approved_quantity" numeric(14, 3),
	"fulfilled_quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"reason" text,
	CONSTRAINT "stock_request_lines_requested_positive" CHECK ("stock_request_lines"."requested_quantity" > 0),
	CONSTRAINT "stock_request_lines_fulfilled" CHECK ("stock_request_lines"."fulfilled_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"location_id" integer NOT NULL,
	"from_location_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"fulfilled_by" integer,
	"fulfilled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "stock_requests_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "stock_document_counters" ADD CONSTRAINT "stock_document_counters_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opname_lines" ADD CONSTRAINT "stock_opname_lines_opname_id_stock_opnames_id_fk" FOREIGN KEY ("opname_id") REFERENCES "public"."stock_opnames"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opname_lines" ADD CONSTRAINT "stock_opname_lines_item_id_drugs_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opname_lines" ADD CONSTRAINT "stock_opname_lines_batch_id_stock_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."stock_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opnames" ADD CONSTRAINT "stock_opnames_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_opnames" ADD CONSTRAINT "stock_opnames_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_request_lines" ADD CONSTRAINT "stock_request_lines_request_id_stock_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."stock_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_request_lines" ADD CONSTRAINT "stock_request_lines_item_id_drugs_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_requests" ADD CONSTRAINT "stock_requests_from_location_id_stock_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_opname_lines_batch_uq" ON "stock_opname_lines" USING btree ("opname_id","batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_opnames_clinic_seq_uq" ON "stock_opnames" USING btree ("clinic_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_opnames_location_open_uq" ON "stock_opnames" USING btree ("location_id") WHERE "stock_opnames"."status" IN ('counting', 'submitted');--> statement-breakpoint
CREATE INDEX "stock_opnames_location_idx" ON "stock_opnames" USING btree ("location_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_request_lines_item_uq" ON "stock_request_lines" USING btree ("request_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_requests_clinic_seq_uq" ON "stock_requests" USING btree ("clinic_id","seq");--> statement-breakpoint
CREATE INDEX "stock_requests_location_idx" ON "stock_requests" USING btree ("location_id","id");--> statement-breakpoint
CREATE INDEX "stock_requests_from_idx" ON "stock_requests" USING btree ("from_location_id","status","id");