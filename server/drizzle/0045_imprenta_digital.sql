CREATE TABLE "documentos_fiscales" (
	"id" serial PRIMARY KEY NOT NULL,
	"venta_id" integer NOT NULL,
	"numero" varchar(24) NOT NULL,
	"clave" varchar(64) NOT NULL,
	"estado" varchar(12) DEFAULT 'por-emitir' NOT NULL,
	"datos" jsonb NOT NULL,
	"numero_control" varchar(32),
	"asignado_en" timestamp with time zone,
	"imprenta_razon_social" text,
	"imprenta_rif" varchar(20),
	"imprenta_providencia" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emitido_en" timestamp with time zone,
	CONSTRAINT "documentos_fiscales_venta_id_unique" UNIQUE("venta_id"),
	CONSTRAINT "documentos_fiscales_clave_unique" UNIQUE("clave"),
	CONSTRAINT "documentos_fiscales_estado_ok" CHECK ("documentos_fiscales"."estado" IN ('por-emitir', 'emitido')),
	CONSTRAINT "documentos_fiscales_emitido_ok" CHECK (("documentos_fiscales"."estado" = 'emitido') = ("documentos_fiscales"."numero_control" IS NOT NULL AND "documentos_fiscales"."asignado_en" IS NOT NULL AND "documentos_fiscales"."imprenta_rif" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "ventas" ALTER COLUMN "control_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "documentos_fiscales" ADD CONSTRAINT "documentos_fiscales_venta_id_ventas_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."ventas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documentos_fiscales_por_emitir" ON "documentos_fiscales" USING btree ("created_at") WHERE "documentos_fiscales"."estado" = 'por-emitir';--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_control_ok" CHECK ("ventas"."control_number" IS NOT NULL OR "ventas"."kind" = 'factura');