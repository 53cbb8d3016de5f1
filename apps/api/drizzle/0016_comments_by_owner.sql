DROP INDEX "comments_unread_idx";--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "owner_id" integer;--> statement-breakpoint
-- A comment's owner is its message's, which never changes: filled from the message, then required.
UPDATE "comments" SET "owner_id" = "recordings"."user_id" FROM "recordings" WHERE "recordings"."id" = "comments"."recording_id";--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, name || ' ' || text)) STORED;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_inbox_idx" ON "comments" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_search_idx" ON "comments" USING gin ("search");--> statement-breakpoint
CREATE INDEX "comments_unread_idx" ON "comments" USING btree ("owner_id") WHERE "comments"."read_at" is null;