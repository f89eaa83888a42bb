ALTER TABLE "pagos_proveedor" ADD COLUMN "igtf" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "abonos" ADD COLUMN "igtf" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "pagos_proveedor" ADD CONSTRAINT "pagos_proveedor_igtf_ok" CHECK ("pagos_proveedor"."igtf" >= 0);--> statement-breakpoint
ALTER TABLE "abonos" ADD CONSTRAINT "abonos_igtf_ok" CHECK ("abonos"."igtf" >= 0);