CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_token" uuid,
	"leased_by" text,
	"leased_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "transcription_error" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "files_deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "jobs_leased_idx" ON "jobs" USING btree ("state","leased_until");--> statement-breakpoint
CREATE INDEX "recordings_expiry_idx" ON "recordings" USING btree ("expiry_date");