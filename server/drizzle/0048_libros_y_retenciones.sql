CREATE TABLE "venta_retenciones_iva" (
	"id" serial PRIMARY KEY NOT NULL,
	"venta_id" integer NOT NULL,
	"comprobante" varchar(30) NOT NULL,
	"fecha" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"basis_points" integer NOT NULL,
	"archivo" varchar(200),
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venta_retenciones_iva_monto_ok" CHECK ("venta_retenciones_iva"."amount" > 0),
	CONSTRAINT "venta_retenciones_iva_porcentaje_ok" CHECK ("venta_retenciones_iva"."basis_points" IN (7500, 10000))
);
--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" DROP CONSTRAINT "documentos_por_pagar_saldo_ok";--> statement-breakpoint
ALTER TABLE "ventas" DROP CONSTRAINT "ventas_saldo_ok";--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD COLUMN "control_number" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD COLUMN "base_imponible" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD COLUMN "iva_basis_points" integer DEFAULT 1600 NOT NULL;--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD COLUMN "iva" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD COLUMN "iva_retenido" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD COLUMN "retencion_basis_points" integer;--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD COLUMN "retencion_comprobante" varchar(30);--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD COLUMN "retencion_fecha" date;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "retencion_iva_basis_points" integer;--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "iva_retenido" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "venta_retenciones_iva" ADD CONSTRAINT "venta_retenciones_iva_venta_id_ventas_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."ventas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_retenciones_iva" ADD CONSTRAINT "venta_retenciones_iva_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "venta_retenciones_iva_venta" ON "venta_retenciones_iva" USING btree ("venta_id");--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD CONSTRAINT "documentos_por_pagar_fiscal_ok" CHECK ("documentos_por_pagar"."base_imponible" >= 0 AND "documentos_por_pagar"."iva" >= 0 AND "documentos_por_pagar"."base_imponible" + "documentos_por_pagar"."iva" <= "documentos_por_pagar"."total" AND "documentos_por_pagar"."iva_basis_points" BETWEEN 0 AND 10000);--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD CONSTRAINT "documentos_por_pagar_retencion_ok" CHECK ("documentos_por_pagar"."iva_retenido" >= 0 AND "documentos_por_pagar"."iva_retenido" <= "documentos_por_pagar"."iva" AND ("documentos_por_pagar"."retencion_comprobante" IS NULL) = ("documentos_por_pagar"."iva_retenido" = 0) AND ("documentos_por_pagar"."retencion_comprobante" IS NULL) = ("documentos_por_pagar"."retencion_fecha" IS NULL) AND ("documentos_por_pagar"."retencion_comprobante" IS NULL) = ("documentos_por_pagar"."retencion_basis_points" IS NULL) AND ("documentos_por_pagar"."retencion_basis_points" IS NULL OR "documentos_por_pagar"."retencion_basis_points" IN (7500, 10000)));--> statement-breakpoint
ALTER TABLE "documentos_por_pagar" ADD CONSTRAINT "documentos_por_pagar_saldo_ok" CHECK ("documentos_por_pagar"."outstanding_balance" = "documentos_por_pagar"."total" - "documentos_por_pagar"."discount" - "documentos_por_pagar"."balance_paid" - "documentos_por_pagar"."iva_retenido" AND "documentos_por_pagar"."outstanding_balance" >= 0 AND "documentos_por_pagar"."balance_paid" >= 0 AND "documentos_por_pagar"."discount" >= 0);--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_retencion_ok" CHECK ("clientes"."retencion_iva_basis_points" IS NULL OR "clientes"."retencion_iva_basis_points" IN (7500, 10000));--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_iva_retenido_ok" CHECK ("ventas"."iva_retenido" >= 0);--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_saldo_ok" CHECK ("ventas"."outstanding_balance" = "ventas"."total" - "ventas"."discount" - "ventas"."balance_paid" - "ventas"."iva_retenido" AND "ventas"."outstanding_balance" >= 0 AND "ventas"."balance_paid" >= 0 AND "ventas"."discount" >= 0);