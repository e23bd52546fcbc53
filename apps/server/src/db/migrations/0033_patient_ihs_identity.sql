ALTER TABLE "patients" ADD COLUMN "mother_nik" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "ihs_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "ihs_missing_reason" text;