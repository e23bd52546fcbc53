ALTER TABLE "registrations" ADD COLUMN "eligibility_covered_amount" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "eligibility_note" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_eligibility_covered_ck" CHECK ("eligibility_covered_amount" IS NULL OR "eligibility_covered_amount" >= 0);
