-- Domains claimed twice before this index: the account that claimed it first keeps it.
UPDATE "users" SET "domain" = NULL WHERE "domain" IS NOT NULL AND "id" <> (SELECT min("other"."id") FROM "users" "other" WHERE lower("other"."domain") = lower("users"."domain"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_domain_unique" ON "users" USING btree (lower("domain"));
