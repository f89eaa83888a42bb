CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "modelos_busqueda" ON "modelos" USING gin ("search_text" gin_trgm_ops);