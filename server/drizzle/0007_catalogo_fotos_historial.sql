CREATE TABLE "catalogo_historial" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" varchar(12) NOT NULL,
	"entity_key" text NOT NULL,
	"linea_id" integer,
	"model_code" varchar(20),
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"source" varchar(20) DEFAULT 'panel' NOT NULL,
	"batch" varchar(40),
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modelo_fotos" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_code" varchar(20) NOT NULL,
	"key" varchar(40) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "modelo_fotos_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "modelos" ADD COLUMN "nuevo" boolean;--> statement-breakpoint
ALTER TABLE "modelos" ADD COLUMN "mas_vendido" boolean;--> statement-breakpoint
ALTER TABLE "catalogo_historial" ADD CONSTRAINT "catalogo_historial_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogo_historial" ADD CONSTRAINT "catalogo_historial_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modelo_fotos" ADD CONSTRAINT "modelo_fotos_model_code_modelos_code_fk" FOREIGN KEY ("model_code") REFERENCES "public"."modelos"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogo_historial_modelo" ON "catalogo_historial" USING btree ("model_code","id");--> statement-breakpoint
CREATE INDEX "catalogo_historial_linea" ON "catalogo_historial" USING btree ("linea_id","id");--> statement-breakpoint
CREATE INDEX "modelo_fotos_modelo" ON "modelo_fotos" USING btree ("model_code","position");