CREATE TABLE "abonos" (
	"id" serial PRIMARY KEY NOT NULL,
	"venta_id" integer NOT NULL,
	"step" varchar(10) DEFAULT 'pendiente' NOT NULL,
	"method" varchar(20) NOT NULL,
	"currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"reference" varchar(40) NOT NULL,
	"bank_code" varchar(4) DEFAULT '' NOT NULL,
	"paid_on" date,
	"note" text DEFAULT '' NOT NULL,
	"registered_by" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abonos_paso_ok" CHECK ("abonos"."step" IN ('pendiente', 'aprobado', 'rechazado')),
	CONSTRAINT "abonos_monto_ok" CHECK ("abonos"."amount" > 0 AND "abonos"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "autorizaciones_credito" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"max_amount" numeric(12, 2) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"authorized_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"venta_id" integer,
	CONSTRAINT "autorizaciones_credito_venta_id_unique" UNIQUE("venta_id")
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"dni" varchar(20) NOT NULL,
	"name" text NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"credit_limit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"credit_days" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clientes_dni_unique" UNIQUE("dni"),
	CONSTRAINT "clientes_credito_ok" CHECK ("clientes"."credit_limit" >= 0 AND "clientes"."credit_days" BETWEEN 0 AND 365)
);
--> statement-breakpoint
CREATE TABLE "devoluciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"venta_id" integer NOT NULL,
	"linea_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devoluciones_cantidad_ok" CHECK ("devoluciones"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "referencias_pago" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_code" varchar(4) DEFAULT '' NOT NULL,
	"method" varchar(20) NOT NULL,
	"reference" varchar(40) NOT NULL,
	"source" varchar(10) NOT NULL,
	"source_id" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referencias_pago_origen_ok" CHECK ("referencias_pago"."source" IN ('orden', 'venta', 'abono'))
);
--> statement-breakpoint
CREATE TABLE "series_documentos" (
	"tienda_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "series_documentos_tienda_id_kind_pk" PRIMARY KEY("tienda_id","kind")
);
--> statement-breakpoint
CREATE TABLE "venta_lineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"venta_id" integer NOT NULL,
	"article_code" varchar(22) NOT NULL,
	"name" text NOT NULL,
	"tienda_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"returned_quantity" integer DEFAULT 0 NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"promotion" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"net" numeric(12, 2) NOT NULL,
	CONSTRAINT "venta_lineas_cantidad_ok" CHECK ("venta_lineas"."quantity" > 0 AND "venta_lineas"."returned_quantity" BETWEEN 0 AND "venta_lineas"."quantity")
);
--> statement-breakpoint
CREATE TABLE "venta_pagos" (
	"id" serial PRIMARY KEY NOT NULL,
	"venta_id" integer NOT NULL,
	"method" varchar(20) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"amount_usd" numeric(12, 2) NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"reference" varchar(40) DEFAULT '' NOT NULL,
	"bank_code" varchar(4) DEFAULT '' NOT NULL,
	"igtf" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venta_pagos_monto_ok" CHECK ("venta_pagos"."amount" > 0 AND "venta_pagos"."amount_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "ventas" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(24) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"condition" varchar(10) NOT NULL,
	"source" varchar(10) NOT NULL,
	"order_id" integer,
	"cliente_id" integer NOT NULL,
	"vendedor_id" integer,
	"tienda_id" integer NOT NULL,
	"user_id" integer,
	"rate" numeric(14, 4) NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"descuento" numeric(12, 2) DEFAULT '0' NOT NULL,
	"devoluciones" numeric(12, 2) DEFAULT '0' NOT NULL,
	"base_imponible" numeric(12, 2) NOT NULL,
	"iva" numeric(12, 2) NOT NULL,
	"igtf" numeric(12, 2) DEFAULT '0' NOT NULL,
	"comision" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"balance_paid" numeric(12, 2) DEFAULT '0' NOT NULL,
	"outstanding_balance" numeric(12, 2) DEFAULT '0' NOT NULL,
	"payment_status" varchar(10) NOT NULL,
	"credit_in_favor" numeric(12, 2) DEFAULT '0' NOT NULL,
	"due_date" date,
	"authorized_by" integer,
	"authorized_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ventas_number_unique" UNIQUE("number"),
	CONSTRAINT "ventas_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "ventas_tipo_ok" CHECK ("ventas"."kind" IN ('factura', 'nota-entrega')),
	CONSTRAINT "ventas_condicion_ok" CHECK (("ventas"."kind" = 'factura') = ("ventas"."condition" = 'contado')),
	CONSTRAINT "ventas_origen_ok" CHECK ("ventas"."source" IN ('mostrador', 'web')),
	CONSTRAINT "ventas_estado_ok" CHECK ("ventas"."payment_status" IN ('pendiente', 'abonada', 'pagada')),
	CONSTRAINT "ventas_saldo_ok" CHECK ("ventas"."outstanding_balance" = "ventas"."total" - "ventas"."discount" - "ventas"."balance_paid" AND "ventas"."outstanding_balance" >= 0 AND "ventas"."balance_paid" >= 0 AND "ventas"."discount" >= 0),
	CONSTRAINT "ventas_montos_ok" CHECK ("ventas"."total" >= 0 AND "ventas"."base_imponible" >= 0 AND "ventas"."credit_in_favor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "movimientos_inventario" DROP CONSTRAINT "movimientos_tipo";--> statement-breakpoint
ALTER TABLE "ajustes_venta" ADD COLUMN "igtf_charged" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ajustes_venta" ADD COLUMN "igtf_basis_points" integer DEFAULT 300 NOT NULL;--> statement-breakpoint
ALTER TABLE "abonos" ADD CONSTRAINT "abonos_venta_id_ventas_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."ventas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abonos" ADD CONSTRAINT "abonos_registered_by_usuarios_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abonos" ADD CONSTRAINT "abonos_updated_by_usuarios_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones_credito" ADD CONSTRAINT "autorizaciones_credito_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones_credito" ADD CONSTRAINT "autorizaciones_credito_authorized_by_usuarios_id_fk" FOREIGN KEY ("authorized_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones_credito" ADD CONSTRAINT "autorizaciones_credito_venta_id_ventas_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."ventas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devoluciones" ADD CONSTRAINT "devoluciones_venta_id_ventas_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."ventas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devoluciones" ADD CONSTRAINT "devoluciones_linea_id_venta_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."venta_lineas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devoluciones" ADD CONSTRAINT "devoluciones_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_documentos" ADD CONSTRAINT "series_documentos_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_lineas" ADD CONSTRAINT "venta_lineas_venta_id_ventas_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."ventas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_lineas" ADD CONSTRAINT "venta_lineas_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_pagos" ADD CONSTRAINT "venta_pagos_venta_id_ventas_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."ventas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_order_id_ordenes_compra_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ordenes_compra"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_authorized_by_usuarios_id_fk" FOREIGN KEY ("authorized_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abonos_venta" ON "abonos" USING btree ("venta_id","created_at");--> statement-breakpoint
CREATE INDEX "abonos_paso" ON "abonos" USING btree ("step","created_at");--> statement-breakpoint
CREATE INDEX "autorizaciones_cliente" ON "autorizaciones_credito" USING btree ("cliente_id","expires_at");--> statement-breakpoint
CREATE INDEX "clientes_nombre" ON "clientes" USING btree ("name");--> statement-breakpoint
CREATE INDEX "devoluciones_venta" ON "devoluciones" USING btree ("venta_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referencias_pago_unica" ON "referencias_pago" USING btree ("bank_code","method","reference") WHERE "referencias_pago"."released_at" IS NULL;--> statement-breakpoint
CREATE INDEX "referencias_pago_origen" ON "referencias_pago" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "venta_lineas_venta" ON "venta_lineas" USING btree ("venta_id");--> statement-breakpoint
CREATE INDEX "venta_lineas_articulo" ON "venta_lineas" USING btree ("article_code");--> statement-breakpoint
CREATE INDEX "venta_pagos_venta" ON "venta_pagos" USING btree ("venta_id");--> statement-breakpoint
CREATE INDEX "venta_pagos_fecha" ON "venta_pagos" USING btree ("created_at","method");--> statement-breakpoint
CREATE INDEX "ventas_fecha" ON "ventas" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ventas_tienda_fecha" ON "ventas" USING btree ("tienda_id","created_at");--> statement-breakpoint
CREATE INDEX "ventas_vendedor_fecha" ON "ventas" USING btree ("vendedor_id","created_at");--> statement-breakpoint
CREATE INDEX "ventas_cliente_fecha" ON "ventas" USING btree ("cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "ventas_por_cobrar" ON "ventas" USING btree ("cliente_id","due_date") WHERE "ventas"."kind" = 'nota-entrega' AND "ventas"."outstanding_balance" > 0;--> statement-breakpoint
ALTER TABLE "ajustes_venta" ADD CONSTRAINT "ajustes_venta_igtf_ok" CHECK ("ajustes_venta"."igtf_basis_points" BETWEEN 0 AND 10000);--> statement-breakpoint
ALTER TABLE "movimientos_inventario" ADD CONSTRAINT "movimientos_tipo" CHECK ("movimientos_inventario"."kind" IN ('inicial', 'entrada', 'salida', 'traslado', 'conteo', 'venta', 'devolucion'));--> statement-breakpoint
-- Payment references already reported on web orders count as used (a rejected report frees its reference).
INSERT INTO "referencias_pago" ("bank_code", "method", "reference", "source", "source_id", "created_at")
SELECT DISTINCT ON ("bank_code", "method", upper(regexp_replace("reference", '\s+', '', 'g')))
       "bank_code", "method", upper(regexp_replace("reference", '\s+', '', 'g')), 'orden', "id", "created_at"
  FROM "orden_pagos"
 WHERE "status" <> 'rechazado' AND "reference" <> ''
 ORDER BY "bank_code", "method", upper(regexp_replace("reference", '\s+', '', 'g')), "id";
