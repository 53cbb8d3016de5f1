ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made before addresses were confirmed keep their contact forms and mail: turning them
-- off on an upgrade would close forms people already link to (decision 0067).
UPDATE "users" SET "email_confirmed_at" = "created_at";
