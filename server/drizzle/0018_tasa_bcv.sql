ALTER TABLE "tasas_cambio" ADD COLUMN "source" varchar(10) DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasas_cambio" ADD COLUMN "value_date" date;--> statement-breakpoint
CREATE UNIQUE INDEX "tasas_cambio_bcv_fecha_valor" ON "tasas_cambio" USING btree ("value_date") WHERE "tasas_cambio"."source" = 'bcv';--> statement-breakpoint
ALTER TABLE "tasas_cambio" ADD CONSTRAINT "tasas_cambio_fuente" CHECK ("tasas_cambio"."source" IN ('manual', 'bcv'));