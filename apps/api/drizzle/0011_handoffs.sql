CREATE TABLE "recording_handoffs" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"secret_hash" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"recording_id" text,
	"delivered_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_handoffs" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recording_handoffs" ADD CONSTRAINT "recording_handoffs_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_handoffs" ADD CONSTRAINT "session_handoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_handoffs_expires_idx" ON "recording_handoffs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "recording_handoffs_recording_idx" ON "recording_handoffs" USING btree ("recording_id");--> statement-breakpoint
CREATE INDEX "session_handoffs_user_idx" ON "session_handoffs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_handoffs_expires_idx" ON "session_handoffs" USING btree ("expires_at");