ALTER TABLE "ordenes_compra" ADD COLUMN "shipping" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "envio" numeric(12, 2) DEFAULT '0' NOT NULL;