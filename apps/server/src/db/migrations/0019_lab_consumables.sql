CREATE TABLE "lab_container_consumables" (
	"id" serial PRIMARY KEY NOT NULL,
	"corp_id" integer NOT NULL,
	"container" text NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	CONSTRAINT "lab_container_consumables_quantity_positive" CHECK ("lab_container_consumables"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "lab_container_consumables" ADD CONSTRAINT "lab_container_consumables_corp_id_corporates_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_container_consumables" ADD CONSTRAINT "lab_container_consumables_item_id_drugs_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."drugs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lab_container_consumables_uq" ON "lab_container_consumables" USING btree ("corp_id","container","item_id");