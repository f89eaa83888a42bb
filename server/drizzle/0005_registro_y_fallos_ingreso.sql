CREATE TABLE "fallos_ingreso" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"device" varchar(32),
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registros_pendientes" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"nickname" text NOT NULL,
	"password_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fallos_ingreso_cuenta" ON "fallos_ingreso" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "fallos_ingreso_ip" ON "fallos_ingreso" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "fallos_ingreso_fecha" ON "fallos_ingreso" USING btree ("at");--> statement-breakpoint
CREATE INDEX "registros_pendientes_vence" ON "registros_pendientes" USING btree ("expires_at");