CREATE TABLE "venta_anticipos" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"orden_pago_id" integer NOT NULL,
	"order_code" varchar(20) NOT NULL,
	"tienda_id" integer NOT NULL,
	"cliente_name" varchar(150) NOT NULL,
	"method" varchar(20) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"amount_usd" numeric(12, 2) NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"igtf" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reference" varchar(40) DEFAULT '' NOT NULL,
	"venta_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venta_anticipos_monto_ok" CHECK ("venta_anticipos"."amount" > 0 AND "venta_anticipos"."amount_usd" >= 0 AND "venta_anticipos"."igtf" >= 0)
);
--> statement-breakpoint
ALTER TABLE "venta_anticipos" ADD CONSTRAINT "venta_anticipos_order_id_ordenes_compra_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ordenes_compra"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_anticipos" ADD CONSTRAINT "venta_anticipos_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_anticipos" ADD CONSTRAINT "venta_anticipos_venta_id_ventas_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."ventas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "venta_anticipos_pago" ON "venta_anticipos" USING btree ("orden_pago_id");--> statement-breakpoint
CREATE INDEX "venta_anticipos_abiertos" ON "venta_anticipos" USING btree ("created_at") WHERE "venta_anticipos"."venta_id" IS NULL;--> statement-breakpoint
-- datos: the money already approved on web orders that are not a sale yet (short payments waiting for
-- the rest, also on orders cancelled with it) becomes their anticipos, from the day it was reported.
INSERT INTO "venta_anticipos" ("order_id", "orden_pago_id", "order_code", "tienda_id", "cliente_name", "method", "currency", "amount", "amount_usd", "rate", "igtf", "reference", "created_at")
SELECT o."id", p."id", o."code",
       (SELECT d."tienda_id" FROM "orden_detalles" d WHERE d."order_id" = o."id" ORDER BY d."id" LIMIT 1),
       left(coalesce(o."buyer"->>'fullName', ''), 150), p."method",
       CASE WHEN p."method" IN ('pago-movil', 'transferencia') THEN 'VES' ELSE 'USD' END,
       p."amount",
       CASE WHEN p."method" IN ('pago-movil', 'transferencia') THEN round(p."amount" / o."rate", 2) ELSE p."amount" END,
       o."rate",
       CASE WHEN p."method" IN ('pago-movil', 'transferencia') THEN 0 ELSE round(p."amount" * o."igtf_basis_points" / 10000.0, 2) END,
       p."reference", p."created_at"
  FROM "orden_pagos" p JOIN "ordenes_compra" o ON o."id" = p."order_id"
 WHERE p."status" = 'aprobado' AND p."amount" > 0
   AND NOT EXISTS (SELECT 1 FROM "ventas" v WHERE v."order_id" = o."id")
   AND EXISTS (SELECT 1 FROM "orden_detalles" d WHERE d."order_id" = o."id");
