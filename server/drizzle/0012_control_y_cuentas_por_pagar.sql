CREATE TABLE "documentos_por_pagar" (
	"id" serial PRIMARY KEY NOT NULL,
	"proveedor_id" integer NOT NULL,
	"number" varchar(30) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"issued_on" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" varchar(3) NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"total_usd" numeric(16, 2) NOT NULL,
	"discount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"balance_paid" numeric(16, 2) DEFAULT '0' NOT NULL,
	"outstanding_balance" numeric(16, 2) NOT NULL,
	"payment_status" varchar(10) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documentos_por_pagar_tipo_ok" CHECK ("documentos_por_pagar"."kind" IN ('factura', 'nota')),
	CONSTRAINT "documentos_por_pagar_moneda_ok" CHECK ("documentos_por_pagar"."currency" IN ('USD', 'VES')),
	CONSTRAINT "documentos_por_pagar_estado_ok" CHECK ("documentos_por_pagar"."payment_status" IN ('pendiente', 'abonada', 'pagada')),
	CONSTRAINT "documentos_por_pagar_fechas_ok" CHECK ("documentos_por_pagar"."due_date" >= "documentos_por_pagar"."issued_on"),
	CONSTRAINT "documentos_por_pagar_tasa_ok" CHECK ("documentos_por_pagar"."rate" > 0 AND ("documentos_por_pagar"."currency" = 'VES' OR "documentos_por_pagar"."rate" = 1)),
	CONSTRAINT "documentos_por_pagar_saldo_ok" CHECK ("documentos_por_pagar"."outstanding_balance" = "documentos_por_pagar"."total" - "documentos_por_pagar"."discount" - "documentos_por_pagar"."balance_paid" AND "documentos_por_pagar"."outstanding_balance" >= 0 AND "documentos_por_pagar"."balance_paid" >= 0 AND "documentos_por_pagar"."discount" >= 0),
	CONSTRAINT "documentos_por_pagar_montos_ok" CHECK ("documentos_por_pagar"."total" > 0 AND "documentos_por_pagar"."total_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "pagos_proveedor" (
	"id" serial PRIMARY KEY NOT NULL,
	"documento_id" integer NOT NULL,
	"method" varchar(20) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"applied" numeric(16, 2) NOT NULL,
	"reference" varchar(40) DEFAULT '' NOT NULL,
	"bank_code" varchar(4) DEFAULT '' NOT NULL,
	"paid_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"annulled_at" timestamp with time zone,
	"annulled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagos_proveedor_moneda_ok" CHECK ("pagos_proveedor"."currency" IN ('USD', 'VES')),
	CONSTRAINT "pagos_proveedor_monto_ok" CHECK ("pagos_proveedor"."amount" > 0 AND "pagos_proveedor"."applied" > 0 AND "pagos_proveedor"."rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "proveedores" (
	"id" serial PRIMARY KEY NOT NULL,
	"rif" varchar(20) NOT NULL,
	"name" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proveedores_rif_unique" UNIQUE("rif")
);
--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "control_number" varchar(24);--> statement-breakpoint
-- Documents written before the column get their store's números de control in the order they were made.
UPDATE "ventas" AS v SET "control_number" = '00-' || lpad(n.seq::text, 8, '0') FROM (SELECT "id", row_number() OVER (PARTITION BY "tienda_id" ORDER BY "id") AS seq FROM "ventas") AS n WHERE v."id" = n."id";--> statement-breakpoint
INSERT INTO "series_documentos" ("tienda_id", "kind", "last") SELECT "tienda_id", 'control', count(*) FROM "ventas" GROUP BY "tienda_id" ON CONFLICT ("tienda_id", "kind") DO UPDATE SET "last" = excluded."last";--> statement-breakpoint
ALTER TABLE "ventas" ALTER COLUMN "control_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD CONSTRAINT "documentos_por_pagar_proveedor_id_proveedores_id_fk" FOREIGN KEY ("proveedor_id") REFERENCES "public"."proveedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD CONSTRAINT "documentos_por_pagar_created_by_usuarios_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_proveedor" ADD CONSTRAINT "pagos_proveedor_documento_id_documentos_por_pagar_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documentos_por_pagar"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_proveedor" ADD CONSTRAINT "pagos_proveedor_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_proveedor" ADD CONSTRAINT "pagos_proveedor_annulled_by_usuarios_id_fk" FOREIGN KEY ("annulled_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proveedores" ADD CONSTRAINT "proveedores_created_by_usuarios_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documentos_por_pagar_numero" ON "documentos_por_pagar" USING btree ("proveedor_id","number");--> statement-breakpoint
CREATE INDEX "documentos_por_pagar_vence" ON "documentos_por_pagar" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "pagos_proveedor_documento" ON "pagos_proveedor" USING btree ("documento_id","created_at");--> statement-breakpoint
CREATE INDEX "proveedores_nombre" ON "proveedores" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "ventas_control_unico" ON "ventas" USING btree ("tienda_id","control_number");