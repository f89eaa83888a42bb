CREATE TABLE "galeria_fotos" (
	"id" serial PRIMARY KEY NOT NULL,
	"image_key" varchar(32) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"title" varchar(120) DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "galeria_fotos_image_key_unique" UNIQUE("image_key")
);
--> statement-breakpoint
ALTER TABLE "galeria_fotos" ADD CONSTRAINT "galeria_fotos_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "galeria_fotos_fecha" ON "galeria_fotos" USING btree ("created_at");