CREATE TABLE "pagos_en_linea_reembolsos" (
	"id" serial PRIMARY KEY NOT NULL,
	"pago_id" integer NOT NULL,
	"refund_id" varchar(60) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"user_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pagos_en_linea_reembolsos" ADD CONSTRAINT "pagos_en_linea_reembolsos_pago_id_pagos_en_linea_id_fk" FOREIGN KEY ("pago_id") REFERENCES "public"."pagos_en_linea"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_en_linea_reembolsos" ADD CONSTRAINT "pagos_en_linea_reembolsos_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_en_linea_reembolso_id" ON "pagos_en_linea_reembolsos" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "pagos_en_linea_reembolsos_pago" ON "pagos_en_linea_reembolsos" USING btree ("pago_id");