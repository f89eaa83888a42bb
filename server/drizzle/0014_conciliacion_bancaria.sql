CREATE TABLE "conciliacion_bancos" (
	"bank_code" varchar(4) PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conciliacion_extractos" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_code" varchar(4) NOT NULL,
	"currency" varchar(3) DEFAULT 'VES' NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"rows" jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'por-mapear' NOT NULL,
	"window_days" integer DEFAULT 2 NOT NULL,
	"ignored" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conciliacion_lineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"extracto_id" integer NOT NULL,
	"row" integer NOT NULL,
	"date" varchar(10) NOT NULL,
	"reference" varchar(60) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"status" varchar(12) DEFAULT 'pendiente' NOT NULL,
	"payment_kind" varchar(10),
	"payment_id" integer,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "conciliacion_bancos" ADD CONSTRAINT "conciliacion_bancos_updated_by_usuarios_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conciliacion_extractos" ADD CONSTRAINT "conciliacion_extractos_uploaded_by_usuarios_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conciliacion_lineas" ADD CONSTRAINT "conciliacion_lineas_extracto_id_conciliacion_extractos_id_fk" FOREIGN KEY ("extracto_id") REFERENCES "public"."conciliacion_extractos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conciliacion_lineas" ADD CONSTRAINT "conciliacion_lineas_confirmed_by_usuarios_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conciliacion_extractos_fecha" ON "conciliacion_extractos" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "conciliacion_lineas_extracto" ON "conciliacion_lineas" USING btree ("extracto_id","row");--> statement-breakpoint
CREATE UNIQUE INDEX "conciliacion_lineas_pago" ON "conciliacion_lineas" USING btree ("payment_kind","payment_id") WHERE "conciliacion_lineas"."status" = 'conciliada';