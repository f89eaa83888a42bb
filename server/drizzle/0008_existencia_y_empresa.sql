CREATE TABLE "empresa_datos" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"razon_social" text NOT NULL,
	"rif" varchar(12) NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone1" text DEFAULT '' NOT NULL,
	"phone2" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresa_datos_una_fila" CHECK ("empresa_datos"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "movimientos_inventario" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_code" varchar(22) NOT NULL,
	"tienda_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"quantity" integer NOT NULL,
	"balance" integer NOT NULL,
	"other_tienda_id" integer,
	"lote" text DEFAULT '' NOT NULL,
	"manufactured_at" date,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movimientos_tipo" CHECK ("movimientos_inventario"."kind" IN ('inicial', 'entrada', 'salida', 'traslado', 'conteo', 'venta')),
	CONSTRAINT "movimientos_saldo" CHECK ("movimientos_inventario"."balance" >= 0),
	CONSTRAINT "movimientos_cantidad" CHECK ("movimientos_inventario"."quantity" <> 0 OR "movimientos_inventario"."kind" = 'conteo')
);
--> statement-breakpoint
ALTER TABLE "tiendas" ADD COLUMN "kind" varchar(10) DEFAULT 'tienda' NOT NULL;--> statement-breakpoint
ALTER TABLE "tiendas" ADD COLUMN "map_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tiendas" ADD COLUMN "sells_web" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "empresa_datos" ADD CONSTRAINT "empresa_datos_updated_by_usuarios_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_inventario" ADD CONSTRAINT "movimientos_inventario_article_code_articulos_code_fk" FOREIGN KEY ("article_code") REFERENCES "public"."articulos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_inventario" ADD CONSTRAINT "movimientos_inventario_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_inventario" ADD CONSTRAINT "movimientos_inventario_other_tienda_id_tiendas_id_fk" FOREIGN KEY ("other_tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimientos_inventario" ADD CONSTRAINT "movimientos_inventario_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movimientos_articulo_tienda" ON "movimientos_inventario" USING btree ("article_code","tienda_id","id");--> statement-breakpoint
CREATE INDEX "movimientos_tienda" ON "movimientos_inventario" USING btree ("tienda_id","id");--> statement-breakpoint
CREATE INDEX "movimientos_fecha" ON "movimientos_inventario" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "tiendas" ADD CONSTRAINT "tiendas_tipo" CHECK ("tiendas"."kind" IN ('tienda', 'almacen'));--> statement-breakpoint
-- The stock already on hand becomes each row's first movement, so the ledger adds up from the start.
INSERT INTO "movimientos_inventario" ("article_code", "tienda_id", "kind", "quantity", "balance", "lote", "manufactured_at", "note")
SELECT "article_code", "tienda_id", 'inicial', "quantity", "quantity", "lote", (timezone('UTC', "manufactured_at") - interval '4 hours')::date, 'Existencia al abrir el libro de movimientos'
FROM "inventario" WHERE "quantity" > 0 ORDER BY "id";