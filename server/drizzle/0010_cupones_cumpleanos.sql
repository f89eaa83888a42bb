CREATE TABLE "cupones_cumpleanos" (
	"hijo_id" integer NOT NULL,
	"anio" integer NOT NULL,
	"descuento_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cupones_cumpleanos_hijo_id_anio_pk" PRIMARY KEY("hijo_id","anio")
);
--> statement-breakpoint
ALTER TABLE "cupones_cumpleanos" ADD CONSTRAINT "cupones_cumpleanos_hijo_id_hijos_id_fk" FOREIGN KEY ("hijo_id") REFERENCES "public"."hijos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupones_cumpleanos" ADD CONSTRAINT "cupones_cumpleanos_descuento_id_descuentos_id_fk" FOREIGN KEY ("descuento_id") REFERENCES "public"."descuentos"("id") ON DELETE set null ON UPDATE no action;