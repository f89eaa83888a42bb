CREATE TABLE "ajustes_venta" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"user_in_charge_id" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ajustes_venta_una_fila" CHECK ("ajustes_venta"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "notificacion_venta_usuarios" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ventas_credito" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"approved_by" integer,
	"note" text DEFAULT '' NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "in_charge_user_id" integer;--> statement-breakpoint
ALTER TABLE "tasas_cambio" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "ajustes_venta" ADD CONSTRAINT "ajustes_venta_user_in_charge_id_usuarios_id_fk" FOREIGN KEY ("user_in_charge_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ajustes_venta" ADD CONSTRAINT "ajustes_venta_updated_by_usuarios_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacion_venta_usuarios" ADD CONSTRAINT "notificacion_venta_usuarios_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas_credito" ADD CONSTRAINT "ventas_credito_order_id_ordenes_compra_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ordenes_compra"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas_credito" ADD CONSTRAINT "ventas_credito_approved_by_usuarios_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD CONSTRAINT "ordenes_compra_in_charge_user_id_usuarios_id_fk" FOREIGN KEY ("in_charge_user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasas_cambio" ADD CONSTRAINT "tasas_cambio_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasas_cambio_fecha" ON "tasas_cambio" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "tasas_cambio" ADD CONSTRAINT "tasas_cambio_positiva" CHECK ("tasas_cambio"."amount" > 0);