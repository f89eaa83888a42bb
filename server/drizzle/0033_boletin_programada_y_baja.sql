ALTER TABLE "boletin_campanas" DROP CONSTRAINT "boletin_campanas_estado_ok";--> statement-breakpoint
ALTER TABLE "boletin_campanas" ADD COLUMN "programada_para" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE INDEX "boletin_campanas_programadas" ON "boletin_campanas" USING btree ("programada_para") WHERE estado = 'programada';--> statement-breakpoint
ALTER TABLE "boletin_campanas" ADD CONSTRAINT "boletin_campanas_programada_ok" CHECK ("boletin_campanas"."estado" <> 'programada' OR "boletin_campanas"."programada_para" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "boletin_campanas" ADD CONSTRAINT "boletin_campanas_estado_ok" CHECK ("boletin_campanas"."estado" IN ('borrador', 'programada', 'enviando', 'enviada'));