ALTER TABLE "ajustes_venta" ADD COLUMN "write_off_tolerance" numeric(12, 2) DEFAULT '1.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "igtf" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "igtf_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ajustes_venta" ADD CONSTRAINT "ajustes_venta_tolerancia_ok" CHECK ("ajustes_venta"."write_off_tolerance" >= 0);