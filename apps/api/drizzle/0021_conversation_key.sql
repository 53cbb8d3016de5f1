ALTER TABLE "recordings" ADD COLUMN "conversation_key" text;--> statement-breakpoint
CREATE INDEX "recordings_conversation_idx" ON "recordings" USING btree ("user_id","conversation_key");