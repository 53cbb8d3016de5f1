DROP INDEX "users_domain_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "domain_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "domain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "domain_lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "domain_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_domain_unique" ON "users" USING btree (lower("domain")) WHERE "users"."domain_verified_at" is not null;--> statement-breakpoint
-- Domains saved before DNS proof existed: a week from now to prove them, like a new claim.
UPDATE "users" SET "domain_claimed_at" = now() WHERE "domain" IS NOT NULL;