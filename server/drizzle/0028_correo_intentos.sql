ALTER TABLE "correos" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "correos" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
-- Before the queue a mail was tried once, right after it was written: that try is its one attempt.
UPDATE "correos" SET "attempts" = 1, "last_attempt_at" = COALESCE("sent_at", "created_at") WHERE "sent_at" IS NOT NULL OR "error" IS NOT NULL;
