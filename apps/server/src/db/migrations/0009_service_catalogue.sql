CREATE TABLE "clinic_services" (
	"clinic_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"room" text,
	"queue_prefix" text,
	"performed_at" text DEFAULT 'here' NOT NULL,
	"performer_clinic_id" integer,
	"partner_name" text,
	"tax_category" text,
	"active" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_services_clinic_id_service_id_pk" PRIMARY KEY("clinic_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "code_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"list" text NOT NULL,
	"code" text NOT NULL,
	"name_id" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_list_items_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "lab_parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"service_id" integer NOT NULL,
	"code" text NOT NULL,
	"name_id" text NOT NULL,
	"name_en" text NOT NULL,
	"unit" text,
	"result_type" text NOT NULL,
	"decimals" integer DEFAULT 0 NOT NULL,
	"print_order" integer DEFAULT 0 NOT NULL,
	"loinc" text,
	"specimen" text,
	"container" text,
	"choices" jsonb,
	"formula" text,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lab_parameters_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "lab_reference_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"parameter_id" integer NOT NULL,
	"sex" text DEFAULT 'any' NOT NULL,
	"age_from_days" integer DEFAULT 0 NOT NULL,
	"age_to_days" integer,
	"low" double precision,
	"high" double precision,
	"critical_low" double precision,
	"critical_high" double precision,
	"impossible_low" double precision,
	"impossible_high" double precision,
	"normal_text" text
);
--> statement-breakpoint
CREATE TABLE "service_package_items" (
	"package_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_package_items_package_id_item_id_pk" PRIMARY KEY("package_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "service_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"service_id" integer NOT NULL,
	"clinic_id" integer,
	"payer_class" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"facility_fee" bigint DEFAULT 0 NOT NULL,
	"professional_fee" bigint DEFAULT 0 NOT NULL,
	"consumables_fee" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_prices_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "service_schedule_days" (
	"clinic_id" integer NOT NULL,
	"service_type" text NOT NULL,
	"weekday" integer NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_schedule_days_clinic_id_service_type_weekday_pk" PRIMARY KEY("clinic_id","service_type","weekday")
);
--> statement-breakpoint
CREATE TABLE "service_schedule_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"service_type" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"corp_id" integer NOT NULL,
	"code" text NOT NULL,
	"name_id" text NOT NULL,
	"name_en" text NOT NULL,
	"service_group" text NOT NULL,
	"unit" text NOT NULL,
	"tax_category" text DEFAULT 'exempt' NOT NULL,
	"icd9_code" text,
	"specialist_id" integer,
	"is_package" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "clinic_services" ADD CONSTRAINT "clinic_services_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_services" ADD CONSTRAINT "clinic_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_services" ADD CONSTRAINT "clinic_services_performer_clinic_id_clinics_id_fk" FOREIGN KEY ("performer_clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_list_items" ADD CONSTRAINT "code_list_items_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_parameters" ADD CONSTRAINT "lab_parameters_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_reference_ranges" ADD CONSTRAINT "lab_reference_ranges_parameter_id_lab_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."lab_parameters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_items" ADD CONSTRAINT "service_package_items_package_id_services_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_package_items" ADD CONSTRAINT "service_package_items_item_id_services_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_prices" ADD CONSTRAINT "service_prices_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_prices" ADD CONSTRAINT "service_prices_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_schedule_days" ADD CONSTRAINT "service_schedule_days_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_schedule_slots" ADD CONSTRAINT "service_schedule_slots_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_specialist_id_specialists_id_fk" FOREIGN KEY ("specialist_id") REFERENCES "public"."specialists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinic_services_service_idx" ON "clinic_services" USING btree ("service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "code_list_items_corp_list_code_uq" ON "code_list_items" USING btree ("corp_id","list",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "lab_parameters_service_code_uq" ON "lab_parameters" USING btree ("service_id",lower("code"));--> statement-breakpoint
CREATE INDEX "lab_reference_ranges_parameter_idx" ON "lab_reference_ranges" USING btree ("parameter_id");--> statement-breakpoint
CREATE INDEX "service_package_items_item_idx" ON "service_package_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "service_prices_lookup_idx" ON "service_prices" USING btree ("service_id","payer_class","clinic_id","valid_from");--> statement-breakpoint
CREATE INDEX "service_schedule_slots_day_idx" ON "service_schedule_slots" USING btree ("clinic_id","service_type","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "services_corp_code_uq" ON "services" USING btree ("corp_id",lower("code"));--> statement-breakpoint
CREATE INDEX "services_corp_group_idx" ON "services" USING btree ("corp_id","service_group","active");--> statement-breakpoint
CREATE INDEX "services_search_trgm_idx" ON "services" USING gin (lower("code" || ' ' || "name_id" || ' ' || "name_en") gin_trgm_ops);