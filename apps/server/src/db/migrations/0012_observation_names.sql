-- /observation/{id} finds an observation's ratings by its id alone: the index leads with it (the class comes from the rows).
DROP INDEX "rating_observation_idx";--> statement-breakpoint
CREATE INDEX "rating_observation_idx" ON "rating" USING btree ("observation");--> statement-breakpoint
-- Kept answers are small (ids, never content) and list the IRIs they name, so that an erasure finds them by id.
ALTER TABLE "idempotency_key" ADD COLUMN "names" text[];--> statement-breakpoint
CREATE INDEX "idempotency_key_names_idx" ON "idempotency_key" USING gin ("names");
