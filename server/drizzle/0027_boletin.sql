CREATE TABLE "boletin_campanas" (
	"id" serial PRIMARY KEY NOT NULL,
	"asunto" varchar(150) NOT NULL,
	"contenido" text NOT NULL,
	"productos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estado" varchar(10) DEFAULT 'borrador' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "boletin_campanas_estado_ok" CHECK ("boletin_campanas"."estado" IN ('borrador', 'enviando', 'enviada'))
);
--> statement-breakpoint
CREATE TABLE "boletin_envios" (
	"id" serial PRIMARY KEY NOT NULL,
	"campana_id" integer NOT NULL,
	"suscriptor_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"correo_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boletin_suscriptores" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"estado" varchar(12) DEFAULT 'pendiente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "boletin_suscriptores_estado_ok" CHECK ("boletin_suscriptores"."estado" IN ('pendiente', 'confirmado', 'desuscrito'))
);
--> statement-breakpoint
ALTER TABLE "boletin_envios" ADD CONSTRAINT "boletin_envios_campana_id_boletin_campanas_id_fk" FOREIGN KEY ("campana_id") REFERENCES "public"."boletin_campanas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletin_envios" ADD CONSTRAINT "boletin_envios_suscriptor_id_boletin_suscriptores_id_fk" FOREIGN KEY ("suscriptor_id") REFERENCES "public"."boletin_suscriptores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boletin_envios" ADD CONSTRAINT "boletin_envios_correo_id_correos_id_fk" FOREIGN KEY ("correo_id") REFERENCES "public"."correos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "boletin_envios_campana_suscriptor" ON "boletin_envios" USING btree ("campana_id","suscriptor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boletin_suscriptores_email" ON "boletin_suscriptores" USING btree ("email");--> statement-breakpoint
CREATE INDEX "boletin_suscriptores_confirmados" ON "boletin_suscriptores" USING btree ("id") WHERE estado = 'confirmado';