CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"type" text NOT NULL,
	"aggregate_type" text NOT NULL,
	"aggregate_id" text NOT NULL,
	"corp_id" integer,
	"clinic_id" integer,
	"payload" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_consumers" (
	"name" text PRIMARY KEY NOT NULL,
	"position_tx" bigint DEFAULT 0 NOT NULL,
	"position_id" bigint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parked_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consumer" text NOT NULL,
	"event_id" bigint NOT NULL,
	"attempts" integer NOT NULL,
	"error" text NOT NULL,
	"parked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replayed_at" timestamp with time zone,
	"replayed_by" integer
);
--> statement-breakpoint
ALTER TABLE "service_orders" DROP CONSTRAINT "service_orders_registration_id_registrations_id_fk";
--> statement-breakpoint
DROP INDEX "service_orders_registration_uq";--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "service_order_uid" text;--> statement-breakpoint
-- a service visit now names the order it carries out (the order no longer names its visit)
UPDATE "registrations" r SET "service_order_uid" = so."uid" FROM "service_orders" so WHERE so."registration_id" = r."id";--> statement-breakpoint
ALTER TABLE "parked_events" ADD CONSTRAINT "parked_events_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_position_idx" ON "domain_events" USING btree ("tx_id","id");--> statement-breakpoint
CREATE INDEX "domain_events_aggregate_idx" ON "domain_events" USING btree ("aggregate_type","aggregate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parked_events_consumer_event_idx" ON "parked_events" USING btree ("consumer","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_service_order_uq" ON "registrations" USING btree ("service_order_uid");--> statement-breakpoint
ALTER TABLE "service_orders" DROP COLUMN "registration_id";