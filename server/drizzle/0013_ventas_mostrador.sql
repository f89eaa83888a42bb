ALTER TABLE "venta_pagos" DROP CONSTRAINT "venta_pagos_monto_ok";--> statement-breakpoint
ALTER TABLE "venta_pagos" ADD COLUMN "change" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "idempotency_key" varchar(100);--> statement-breakpoint
ALTER TABLE "ventas" ADD COLUMN "request_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "ventas" ADD CONSTRAINT "ventas_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "venta_pagos" ADD CONSTRAINT "venta_pagos_monto_ok" CHECK ("venta_pagos"."amount" > 0 AND "venta_pagos"."amount_usd" > 0 AND "venta_pagos"."change" >= 0 AND "venta_pagos"."change" < "venta_pagos"."amount");