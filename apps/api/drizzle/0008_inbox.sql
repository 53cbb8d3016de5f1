ALTER TABLE "recordings" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, coalesce(subject, '') || ' ' || coalesce(sender_name, '') || ' ' || coalesce(email, '') || ' ' || translate(coalesce(email, ''), '@.+_-', '     ') || ' ' || coalesce(message, '') || ' ' || coalesce(jsonb_path_query_array(transcription, 'lax $.**.text')::text, ''))) STORED;--> statement-breakpoint
CREATE INDEX "recordings_inbox_idx" ON "recordings" USING btree ("user_id","status","upload_date","id");--> statement-breakpoint
CREATE INDEX "recordings_inbox_origin_idx" ON "recordings" USING btree ("user_id","origin","status","upload_date","id");--> statement-breakpoint
CREATE INDEX "recordings_inbox_folder_idx" ON "recordings" USING btree ("folder_id","status","upload_date","id");--> statement-breakpoint
CREATE INDEX "recordings_unread_idx" ON "recordings" USING btree ("user_id","origin") WHERE "recordings"."read_at" is null and "recordings"."origin" <> 'owner' and "recordings"."status" = 'uploaded';--> statement-breakpoint
CREATE INDEX "recordings_search_idx" ON "recordings" USING gin ("search");--> statement-breakpoint
-- What arrived before the inbox existed was seen in the old list: it starts read, so the first
-- visit to the inbox is not a wall of unread messages.
UPDATE "recordings" SET "read_at" = now() WHERE "origin" <> 'owner' AND "read_at" IS NULL;
