CREATE TABLE "rate_limit_windows" (
	"bucket" text NOT NULL,
	"key_hash" text NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_bucket_key_hash_pk" PRIMARY KEY("bucket","key_hash")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_window_end_idx" ON "rate_limit_windows" USING btree ("window_end");