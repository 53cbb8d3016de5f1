ALTER TABLE "listen_visitors" ADD COLUMN "listen_id" uuid;--> statement-breakpoint
ALTER TABLE "listens" ADD COLUMN "listener" text;--> statement-breakpoint
ALTER TABLE "listens" ADD COLUMN "heard_share" double precision;