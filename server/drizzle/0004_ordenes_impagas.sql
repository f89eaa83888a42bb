ALTER TABLE "ordenes_compra" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "client_ip" varchar(45);--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "unpaid_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "ordenes_impagas_claves" ON "ordenes_compra" USING gin ("unpaid_keys") WHERE "ordenes_compra"."step" = 'pendiente';