CREATE TABLE "blog_categorias" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" varchar(60) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(120) NOT NULL,
	"title" varchar(160) NOT NULL,
	"content" text NOT NULL,
	"image" varchar(64),
	"status" varchar(12) NOT NULL,
	"schedule_post" timestamp with time zone,
	"published_at" timestamp with time zone,
	"category_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "blog_posts_estado_ok" CHECK ("blog_posts"."status" IN ('borrador', 'publicado', 'programado')),
	CONSTRAINT "blog_posts_programado_ok" CHECK ("blog_posts"."status" <> 'programado' OR "blog_posts"."schedule_post" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "contacto_informes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"subject" varchar(150) NOT NULL,
	"message" text NOT NULL,
	"readed" boolean DEFAULT false NOT NULL,
	"readed_at" timestamp with time zone,
	"readed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacto_respuestas" (
	"id" serial PRIMARY KEY NOT NULL,
	"informe_id" integer NOT NULL,
	"message" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_category_id_blog_categorias_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."blog_categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacto_informes" ADD CONSTRAINT "contacto_informes_readed_by_usuarios_id_fk" FOREIGN KEY ("readed_by") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacto_respuestas" ADD CONSTRAINT "contacto_respuestas_informe_id_contacto_informes_id_fk" FOREIGN KEY ("informe_id") REFERENCES "public"."contacto_informes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacto_respuestas" ADD CONSTRAINT "contacto_respuestas_user_id_usuarios_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_categorias_nombre" ON "blog_categorias" USING btree (lower("category"));--> statement-breakpoint
CREATE INDEX "blog_posts_visibles" ON "blog_posts" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "blog_posts_categoria" ON "blog_posts" USING btree ("category_id","published_at");--> statement-breakpoint
CREATE INDEX "contacto_informes_fecha" ON "contacto_informes" USING btree ("readed","created_at");--> statement-breakpoint
CREATE INDEX "contacto_respuestas_informe" ON "contacto_respuestas" USING btree ("informe_id","created_at");