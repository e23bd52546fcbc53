CREATE TABLE "account_mappings" (
	"clinic_id" integer NOT NULL,
	"key" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_mappings_clinic_id_key_pk" PRIMARY KEY("clinic_id","key")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"source_uid" text NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"event_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"account_key" text NOT NULL,
	"account_code" text NOT NULL,
	"account_name" text NOT NULL,
	"debit" bigint NOT NULL,
	"credit" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_mappings" ADD CONSTRAINT "account_mappings_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_source_uq" ON "journal_entries" USING btree ("source","source_uid");--> statement-breakpoint
CREATE INDEX "journal_entries_clinic_day_idx" ON "journal_entries" USING btree ("clinic_id","day","id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_lines_entry_seq_uq" ON "journal_lines" USING btree ("entry_id","seq");