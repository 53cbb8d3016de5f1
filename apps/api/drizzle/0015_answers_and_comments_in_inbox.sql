ALTER TABLE "comments" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "sender_user_id" integer;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "answers_id" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "answers_comment_id" uuid;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "answer_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_answers_id_recordings_id_fk" FOREIGN KEY ("answers_id") REFERENCES "public"."recordings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_answers_comment_id_comments_id_fk" FOREIGN KEY ("answers_comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_unread_idx" ON "comments" USING btree ("recording_id") WHERE "comments"."read_at" is null;--> statement-breakpoint
CREATE INDEX "recordings_answers_idx" ON "recordings" USING btree ("answers_id") WHERE "recordings"."answers_id" is not null;--> statement-breakpoint
CREATE INDEX "recordings_answers_comment_idx" ON "recordings" USING btree ("answers_comment_id") WHERE "recordings"."answers_comment_id" is not null;--> statement-breakpoint
-- Comments written before the inbox listed them were seen on the listen page and in mail: they
-- start read, so the first visit to the inbox is not a wall of unread comments.
UPDATE "comments" SET "read_at" = now() WHERE "read_at" IS NULL;
