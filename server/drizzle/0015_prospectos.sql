CREATE TABLE "prospecto_lineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"prospecto_id" integer NOT NULL,
	"article_code" varchar(22) NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"promotion" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "prospecto_lineas_cantidad_ok" CHECK ("prospecto_lineas"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "prospectos" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"dni" varchar(20) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'cotizada' NOT NULL,
	"cliente_id" integer,
	"result" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"processed_by" integer,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prospectos_estado_ok" CHECK ("prospectos"."status" IN ('cotizada', 'pedido', 'descartada'))
);
--> statement-breakpoint
ALTER TABLE "prospecto_lineas" ADD CONSTRAINT "prospecto_lineas_prospecto_id_prospectos_id_fk" FOREIGN KEY ("prospecto_id") REFERENCES "public"."prospectos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospectos" ADD CONSTRAINT "prospectos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospectos" ADD CONSTRAINT "prospectos_created_by_usuarios_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospectos" ADD CONSTRAINT "prospectos_processed_by_usuarios_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prospecto_lineas_prospecto" ON "prospecto_lineas" USING btree ("prospecto_id");--> statement-breakpoint
CREATE INDEX "prospectos_fecha" ON "prospectos" USING btree ("status","created_at");