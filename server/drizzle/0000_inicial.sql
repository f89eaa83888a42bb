CREATE TABLE "articulos" (
	"code" varchar(22) PRIMARY KEY NOT NULL,
	"model_code" varchar(20) NOT NULL,
	"size_code" varchar(2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "colores" (
	"code" varchar(4) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"hex" varchar(7) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cuentas_bancarias" (
	"id" serial PRIMARY KEY NOT NULL,
	"method" varchar(20) NOT NULL,
	"bank_code" varchar(4),
	"bank_name" text DEFAULT '' NOT NULL,
	"rif" text NOT NULL,
	"company_account_name" text NOT NULL,
	"company_account_email" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"status" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresa_secciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"section" varchar(20) NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	CONSTRAINT "empresa_secciones_section_unique" UNIQUE("section")
);
--> statement-breakpoint
CREATE TABLE "footer" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"about_text" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone1" text DEFAULT '' NOT NULL,
	"phone2" text DEFAULT '' NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"copyright_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_pagina" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"banner" text DEFAULT '' NOT NULL,
	"facility" text DEFAULT '' NOT NULL,
	"size_guide" text DEFAULT '' NOT NULL,
	"offer" text DEFAULT '' NOT NULL,
	"store_name" text DEFAULT 'Vitrina' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventario" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_code" varchar(22) NOT NULL,
	"tienda_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"lote" text DEFAULT '' NOT NULL,
	"manufactured_at" timestamp with time zone,
	CONSTRAINT "inventario_no_negativo" CHECK ("inventario"."quantity" >= 0 AND "inventario"."held" >= 0 AND "inventario"."held" <= "inventario"."quantity")
);
--> statement-breakpoint
CREATE TABLE "lineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(10) NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"garment" text DEFAULT 'franela' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "lineas_code_unique" UNIQUE("code"),
	CONSTRAINT "lineas_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "modelos" (
	"code" varchar(20) PRIMARY KEY NOT NULL,
	"base_code" varchar(16) NOT NULL,
	"color_code" varchar(4) NOT NULL,
	"sublinea_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"garment" text NOT NULL,
	"search_text" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"promotion" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modelos_price_ok" CHECK ("modelos"."price" >= 0 AND "modelos"."promotion" >= 0 AND "modelos"."promotion" <= "modelos"."price")
);
--> statement-breakpoint
CREATE TABLE "paginas" (
	"slug" varchar(60) PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sublineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"linea_id" integer NOT NULL,
	"code" varchar(10) NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"garment" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tallas" (
	"code" varchar(2) PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasas_cambio" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tiendas" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(10) NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"hours" text DEFAULT '' NOT NULL,
	"ships" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tiendas_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "articulos" ADD CONSTRAINT "articulos_model_code_modelos_code_fk" FOREIGN KEY ("model_code") REFERENCES "public"."modelos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articulos" ADD CONSTRAINT "articulos_size_code_tallas_code_fk" FOREIGN KEY ("size_code") REFERENCES "public"."tallas"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario" ADD CONSTRAINT "inventario_article_code_articulos_code_fk" FOREIGN KEY ("article_code") REFERENCES "public"."articulos"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventario" ADD CONSTRAINT "inventario_tienda_id_tiendas_id_fk" FOREIGN KEY ("tienda_id") REFERENCES "public"."tiendas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelos" ADD CONSTRAINT "modelos_color_code_colores_code_fk" FOREIGN KEY ("color_code") REFERENCES "public"."colores"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelos" ADD CONSTRAINT "modelos_sublinea_id_sublineas_id_fk" FOREIGN KEY ("sublinea_id") REFERENCES "public"."sublineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sublineas" ADD CONSTRAINT "sublineas_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articulos_model" ON "articulos" USING btree ("model_code");--> statement-breakpoint
CREATE UNIQUE INDEX "inventario_articulo_tienda" ON "inventario" USING btree ("article_code","tienda_id");--> statement-breakpoint
CREATE INDEX "modelos_sublinea" ON "modelos" USING btree ("sublinea_id","active");--> statement-breakpoint
CREATE INDEX "modelos_base" ON "modelos" USING btree ("base_code");--> statement-breakpoint
CREATE INDEX "modelos_created" ON "modelos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "modelos_sold" ON "modelos" USING btree ("sold_count");--> statement-breakpoint
CREATE UNIQUE INDEX "sublineas_linea_code" ON "sublineas" USING btree ("linea_id","code");