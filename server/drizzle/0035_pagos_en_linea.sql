CREATE TABLE "pagos_en_linea" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_order_id" varchar(60) NOT NULL,
	"status" varchar(12) DEFAULT 'creado' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"approval_url" text NOT NULL,
	"capture_id" varchar(60),
	"captured_amount" numeric(12, 2),
	"captured_currency" varchar(3),
	"payer_email" text,
	"note" text DEFAULT '' NOT NULL,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagos_en_linea_eventos" (
	"provider" varchar(20) NOT NULL,
	"event_id" varchar(100) NOT NULL,
	"event_type" varchar(100) NOT NULL,
	"resource_id" varchar(100),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagos_en_linea_eventos_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "pagos_en_linea" ADD CONSTRAINT "pagos_en_linea_order_id_ordenes_compra_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ordenes_compra"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_en_linea" ADD CONSTRAINT "pagos_en_linea_payment_id_orden_pagos_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."orden_pagos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_en_linea_orden_proveedor" ON "pagos_en_linea" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_en_linea_captura" ON "pagos_en_linea" USING btree ("provider","capture_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_en_linea_uno_abierto" ON "pagos_en_linea" USING btree ("order_id") WHERE "pagos_en_linea"."status" = 'creado';--> statement-breakpoint
CREATE INDEX "pagos_en_linea_orden" ON "pagos_en_linea" USING btree ("order_id");