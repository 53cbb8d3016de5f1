CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recording_id" text NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listen_visitors" (
	"recording_id" text NOT NULL,
	"visitor_hash" text NOT NULL,
	"last_counted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "listen_visitors_recording_id_visitor_hash_pk" PRIMARY KEY("recording_id","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "listens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recording_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listen_visitors" ADD CONSTRAINT "listen_visitors_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listens" ADD CONSTRAINT "listens_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_recording_idx" ON "comments" USING btree ("recording_id","created_at");--> statement-breakpoint
CREATE INDEX "listens_recording_idx" ON "listens" USING btree ("recording_id","created_at");