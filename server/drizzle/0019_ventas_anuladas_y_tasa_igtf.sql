ALTER TABLE "ventas" ADD COLUMN "igtf_basis_points" integer;--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_voided_by_usuarios_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_anulada_ok" CHECK (("ventas"."voided_at" IS NULL) = ("ventas"."void_reason" IS NULL));--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_igtf_tasa_ok" CHECK ("ventas"."igtf_basis_points" IS NULL OR "ventas"."igtf_basis_points" BETWEEN 0 AND 10000);