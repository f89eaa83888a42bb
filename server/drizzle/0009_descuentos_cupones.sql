CREATE TABLE "cupon_usos" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"descuento_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "descuento_asignaciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"descuento_id" integer NOT NULL,
	"linea_id" integer,
	"sublinea_id" integer,
	"model_code" varchar(20),
	CONSTRAINT "descuento_asignaciones_una" CHECK (num_nonnulls("descuento_asignaciones"."linea_id", "descuento_asignaciones"."sublinea_id", "descuento_asignaciones"."model_code") = 1)
);
--> statement-breakpoint
CREATE TABLE "descuentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"aplicacion" varchar(12) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"active" boolean DEFAULT true NOT NULL,
	"code" varchar(30),
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"only_email" varchar(254),
	"only_user_id" integer,
	"payment_method" varchar(20),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "descuentos_aplicacion_ok" CHECK ("descuentos"."aplicacion" IN ('automatico', 'cupon', 'metodo-pago')),
	CONSTRAINT "descuentos_kind_ok" CHECK ("descuentos"."kind" IN ('porcentaje', 'monto')),
	CONSTRAINT "descuentos_valor_ok" CHECK ("descuentos"."value" > 0 AND ("descuentos"."kind" <> 'porcentaje' OR "descuentos"."value" <= 100)),
	CONSTRAINT "descuentos_vigencia_ok" CHECK ("descuentos"."valid_to" IS NULL OR "descuentos"."valid_to" >= "descuentos"."valid_from"),
	CONSTRAINT "descuentos_cupon_ok" CHECK (("descuentos"."aplicacion" = 'cupon') = ("descuentos"."code" IS NOT NULL)),
	CONSTRAINT "descuentos_metodo_ok" CHECK (("descuentos"."aplicacion" = 'metodo-pago') = ("descuentos"."payment_method" IS NOT NULL)),
	CONSTRAINT "descuentos_usos_ok" CHECK ("descuentos"."uses" >= 0)
);
--> statement-breakpoint
ALTER TABLE "carritos" ADD COLUMN "coupon_code" varchar(30);--> statement-breakpoint
ALTER TABLE "orden_detalles" ADD COLUMN "discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_detalles" ADD COLUMN "discount_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_detalles" ADD COLUMN "coupon_discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orden_detalles" ADD COLUMN "payment_discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "coupon_code" varchar(30);--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "coupon_discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "payment_discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ordenes_compra" ADD COLUMN "payment_discount_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cupon_usos" ADD CONSTRAINT "cupon_usos_order_id_ordenes_compra_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ordenes_compra"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupon_usos" ADD CONSTRAINT "cupon_usos_descuento_id_descuentos_id_fk" FOREIGN KEY ("descuento_id") REFERENCES "public"."descuentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupon_usos" ADD CONSTRAINT "cupon_usos_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descuento_asignaciones" ADD CONSTRAINT "descuento_asignaciones_descuento_id_descuentos_id_fk" FOREIGN KEY ("descuento_id") REFERENCES "public"."descuentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descuento_asignaciones" ADD CONSTRAINT "descuento_asignaciones_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descuento_asignaciones" ADD CONSTRAINT "descuento_asignaciones_sublinea_id_sublineas_id_fk" FOREIGN KEY ("sublinea_id") REFERENCES "public"."sublineas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descuento_asignaciones" ADD CONSTRAINT "descuento_asignaciones_model_code_modelos_code_fk" FOREIGN KEY ("model_code") REFERENCES "public"."modelos"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descuentos" ADD CONSTRAINT "descuentos_only_user_id_usuarios_id_fk" FOREIGN KEY ("only_user_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descuentos" ADD CONSTRAINT "descuentos_created_by_usuarios_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cupon_usos_correo" ON "cupon_usos" USING btree ("descuento_id","email");--> statement-breakpoint
CREATE INDEX "cupon_usos_usuario" ON "cupon_usos" USING btree ("descuento_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "descuento_asignaciones_linea" ON "descuento_asignaciones" USING btree ("descuento_id","linea_id") WHERE "descuento_asignaciones"."linea_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "descuento_asignaciones_sublinea" ON "descuento_asignaciones" USING btree ("descuento_id","sublinea_id") WHERE "descuento_asignaciones"."sublinea_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "descuento_asignaciones_modelo" ON "descuento_asignaciones" USING btree ("descuento_id","model_code") WHERE "descuento_asignaciones"."model_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "descuento_asignaciones_por_linea" ON "descuento_asignaciones" USING btree ("linea_id");--> statement-breakpoint
CREATE INDEX "descuento_asignaciones_por_sublinea" ON "descuento_asignaciones" USING btree ("sublinea_id");--> statement-breakpoint
CREATE INDEX "descuento_asignaciones_por_modelo" ON "descuento_asignaciones" USING btree ("model_code");--> statement-breakpoint
CREATE UNIQUE INDEX "descuentos_codigo" ON "descuentos" USING btree ("code");--> statement-breakpoint
CREATE INDEX "descuentos_aplicacion" ON "descuentos" USING btree ("aplicacion","active");