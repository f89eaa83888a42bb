CREATE INDEX "modelos_nuevo_orden" ON "modelos" USING btree ("created_at" DESC NULLS FIRST,"code");--> statement-breakpoint
CREATE INDEX "modelos_precio_orden" ON "modelos" USING btree (("price" - "promotion"),"code");--> statement-breakpoint
CREATE INDEX "modelos_color" ON "modelos" USING btree ("color_code");