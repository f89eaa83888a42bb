CREATE INDEX "ordenes_creadas" ON "ordenes_compra" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ordenes_busqueda_codigo" ON "ordenes_compra" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ordenes_busqueda_nombre" ON "ordenes_compra" USING gin (("buyer"->>'fullName') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ordenes_busqueda_correo" ON "ordenes_compra" USING gin (("buyer"->>'email') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ordenes_busqueda_cedula" ON "ordenes_compra" USING gin (("buyer"->>'dni') gin_trgm_ops);