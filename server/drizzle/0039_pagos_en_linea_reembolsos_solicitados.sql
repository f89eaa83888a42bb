ALTER TABLE "pagos_en_linea_reembolsos" ALTER COLUMN "refund_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pagos_en_linea_reembolsos" ADD COLUMN "request_id" varchar(120);--> statement-breakpoint
ALTER TABLE "pagos_en_linea_reembolsos" ADD COLUMN "provider_key" varchar(64);--> statement-breakpoint
UPDATE "pagos_en_linea_reembolsos" SET "request_id" = 'anterior-' || "id", "provider_key" = 'anterior-' || "id";--> statement-breakpoint
ALTER TABLE "pagos_en_linea_reembolsos" ALTER COLUMN "request_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pagos_en_linea_reembolsos" ALTER COLUMN "provider_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pagos_en_linea_reembolsos" ADD COLUMN "status" varchar(12) DEFAULT 'hecho' NOT NULL;--> statement-breakpoint
ALTER TABLE "pagos_en_linea_reembolsos" ADD COLUMN "anular" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_en_linea_reembolso_solicitud" ON "pagos_en_linea_reembolsos" USING btree ("request_id");
