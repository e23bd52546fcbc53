CREATE TABLE "cashier_shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"cashier_id" integer NOT NULL,
	"day" date NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_float" bigint NOT NULL,
	"closed_at" timestamp with time zone,
	"counted_cash" bigint,
	"expected_cash" bigint,
	"variance" bigint,
	"variance_reason" text,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	CONSTRAINT "cashier_shifts_uid_unique" UNIQUE("uid"),
	CONSTRAINT "cashier_shifts_status_ck" CHECK ("cashier_shifts"."status" IN ('open', 'pending_approval', 'closed')),
	CONSTRAINT "cashier_shifts_float_ck" CHECK ("cashier_shifts"."opening_float" >= 0),
	CONSTRAINT "cashier_shifts_approver_ck" CHECK ("cashier_shifts"."approved_by" IS NULL OR "cashier_shifts"."approved_by" <> "cashier_shifts"."cashier_id")
);
--> statement-breakpoint
CREATE TABLE "clinic_day_closes" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"day" date NOT NULL,
	"closed_by" integer NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"totals" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "cashier_shifts" ADD CONSTRAINT "cashier_shifts_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_shifts" ADD CONSTRAINT "cashier_shifts_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_day_closes" ADD CONSTRAINT "clinic_day_closes_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_day_closes" ADD CONSTRAINT "clinic_day_closes_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashier_shifts_open_uq" ON "cashier_shifts" USING btree ("cashier_id","clinic_id") WHERE "cashier_shifts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "cashier_shifts_clinic_day_idx" ON "cashier_shifts" USING btree ("clinic_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_day_closes_uq" ON "clinic_day_closes" USING btree ("clinic_id","day");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_shift_id_cashier_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."cashier_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_shift_idx" ON "payments" USING btree ("shift_id");