ALTER TABLE "recordings" ADD COLUMN "privacy" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "password_hash" text;