CREATE TABLE "carrito_items" (
	"cart_id" integer NOT NULL,
	"article_code" varchar(22) NOT NULL,
	"tienda_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "carrito_items_cart_id_article_code_tienda_id_pk" PRIMARY KEY("cart_id","article_code","tienda_id"),
	CONSTRAINT "carrito_items_cantidad" CHECK ("carrito_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "carritos" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_token_hash" varchar(64),
	"user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carritos_guest_token_hash_unique" UNIQUE("guest_token_hash"),
	CONSTRAINT "carritos_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "orden_detalles" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"article_code" varchar(22) NOT NULL,
	"name" text NOT NULL,
	"tienda_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"promotion" numeric(12, 2) NOT NULL,
	"net" numeric(12, 2) NOT NULL,
	"iva" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orden_historial" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_step" varchar(30),
	"to_step" varchar(30) NOT NULL,
	"user_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orden_pagos" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"method" varchar(20) NOT NULL,
	"reference" varchar(40) NOT NULL,
	"bank_code" varchar(4) DEFAULT '' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"paid_on" varchar(10) NOT NULL,
	"status" varchar(12) DEFAULT 'reportado' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordenes_compra" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"step" varchar(30) NOT NULL,
	"user_id" integer,
	"buyer" jsonb NOT NULL,
	"delivery" jsonb NOT NULL,
	"payment_method" varchar(20) NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"with_seller" boolean DEFAULT false NOT NULL,
	"salesman_id" integer,
	"subtotal" numeric(12, 2) NOT NULL,
	"iva" numeric(12, 2) NOT NULL,
	"commission" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"rate" numeric(14, 4) NOT NULL,
	"tracking_number" text,
	"idempotency_key" varchar(100) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ordenes_compra_code_unique" UNIQUE("code"),
	CONSTRAINT "ordenes_compra_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "reservas" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_code" varchar(22) NOT NULL,
	"tienda_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"cart_id" integer,
	"order_id" integer,
	"expires_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservas_cantidad" CHECK ("reservas"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "carrito_items" ADD CONSTRAINT "carrito_items_cart_id_carritos_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carritos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrito_items" ADD CONSTRAINT "carrito_items_article_code_articulos_code_fk" FOREIGN KEY ("article_code") REFERENCES "public"."articulos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrito_items" ADD CONSTRAINT "carrito_items_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carritos" ADD CONSTRAINT "carritos_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_detalles" ADD CONSTRAINT "orden_detalles_order_id_ordenes_compra_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ordenes_compra"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_historial" ADD CONSTRAINT "orden_historial_order_id_ordenes_compra_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ordenes_compra"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orden_pagos" ADD CONSTRAINT "orden_pagos_order_id_ordenes_compra_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ordenes_compra"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD CONSTRAINT "ordenes_compra_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD CONSTRAINT "ordenes_compra_salesman_id_vendedores_id_fk" FOREIGN KEY ("salesman_id") REFERENCES "public"."vendedores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservas" ADD CONSTRAINT "reservas_cart_id_carritos_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carritos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orden_detalles_orden" ON "orden_detalles" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orden_historial_orden" ON "orden_historial" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orden_pagos_referencia" ON "orden_pagos" USING btree ("bank_code","method","reference") WHERE "orden_pagos"."status" <> 'rechazado';--> statement-breakpoint
CREATE INDEX "ordenes_step" ON "ordenes_compra" USING btree ("step","created_at");--> statement-breakpoint
CREATE INDEX "ordenes_usuario" ON "ordenes_compra" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reservas_activas" ON "reservas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "reservas_orden" ON "reservas" USING btree ("order_id");