CREATE INDEX "modelos_sublinea_estilos" ON "modelos" USING btree ("sublinea_id","active","base_code");--> statement-breakpoint
CREATE INDEX "modelos_precio_desc_orden" ON "modelos" USING btree (("price" - "promotion") DESC,"code");--> statement-breakpoint
CREATE INDEX "modelos_nombre_orden" ON "modelos" USING btree ("name","code");--> statement-breakpoint
CREATE INDEX "modelos_vendidos_orden" ON "modelos" USING btree ("sold_count" DESC NULLS FIRST,"code");--> statement-breakpoint
CREATE INDEX "modelos_sublinea_nuevo" ON "modelos" USING btree ("sublinea_id","created_at" DESC NULLS FIRST,"code");--> statement-breakpoint
CREATE INDEX "modelos_sublinea_precio" ON "modelos" USING btree ("sublinea_id",("price" - "promotion"),"code");--> statement-breakpoint
CREATE INDEX "modelos_sublinea_precio_desc" ON "modelos" USING btree ("sublinea_id",("price" - "promotion") DESC,"code");--> statement-breakpoint
CREATE INDEX "modelos_sublinea_nombre" ON "modelos" USING btree ("sublinea_id","name","code");--> statement-breakpoint
CREATE INDEX "modelos_sublinea_vendidos" ON "modelos" USING btree ("sublinea_id","sold_count" DESC NULLS FIRST,"code");