CREATE TABLE "ventas_retenidas" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"tienda_id" integer NOT NULL,
	"vendedor_id" integer,
	"user_id" integer,
	"lines" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"prospecto_id" integer,
	"total" numeric(12, 2) NOT NULL,
	"requested_limit" numeric(12, 2) NOT NULL,
	"requested_days" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pendiente' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"venta_id" integer,
	"idempotency_key" varchar(100) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ventas_retenidas_venta_id_unique" UNIQUE("venta_id"),
	CONSTRAINT "ventas_retenidas_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ventas_retenidas_estado_ok" CHECK ("ventas_retenidas"."status" IN ('pendiente', 'aprobada', 'rechazada')),
	CONSTRAINT "ventas_retenidas_credito_ok" CHECK ("ventas_retenidas"."requested_limit" > 0 AND "ventas_retenidas"."requested_days" BETWEEN 0 AND 365)
);
--> statement-breakpoint
ALTER TABLE "reservas" ADD COLUMN "retenida_id" integer;--> statement-breakpoint
ALTER TABLE "ventas_retenidas" ADD CONSTRAINT "ventas_retenidas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas_retenidas" ADD CONSTRAINT "ventas_retenidas_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas_retenidas" ADD CONSTRAINT "ventas_retenidas_vendedor_id_vendedores_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."vendedores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas_retenidas" ADD CONSTRAINT "ventas_retenidas_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas_retenidas" ADD CONSTRAINT "ventas_retenidas_decided_by_usuarios_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas_retenidas" ADD CONSTRAINT "ventas_retenidas_venta_id_ventas_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."ventas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ventas_retenidas_estado" ON "ventas_retenidas" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reservas_retenida" ON "reservas" USING btree ("retenida_id");