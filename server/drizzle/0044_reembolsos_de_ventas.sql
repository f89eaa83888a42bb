CREATE TABLE "venta_reembolsos" (
	"id" serial PRIMARY KEY NOT NULL,
	"venta_id" integer NOT NULL,
	"method" varchar(20) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"amount_usd" numeric(12, 2) NOT NULL,
	"from_credit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reference" varchar(80) NOT NULL,
	"note" varchar(300) DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venta_reembolsos_monto_ok" CHECK ("venta_reembolsos"."amount" > 0 AND "venta_reembolsos"."amount_usd" > 0 AND "venta_reembolsos"."from_credit" >= 0 AND "venta_reembolsos"."from_credit" <= "venta_reembolsos"."amount_usd")
);
--> statement-breakpoint
ALTER TABLE "venta_reembolsos" ADD CONSTRAINT "venta_reembolsos_venta_id_ventas_id_fk" FOREIGN KEY ("venta_id") REFERENCES "public"."ventas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venta_reembolsos" ADD CONSTRAINT "venta_reembolsos_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "venta_reembolsos_referencia" ON "venta_reembolsos" USING btree ("method","reference");--> statement-breakpoint
CREATE INDEX "venta_reembolsos_fecha" ON "venta_reembolsos" USING btree ("created_at");