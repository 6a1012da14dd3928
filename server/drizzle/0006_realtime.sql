CREATE TABLE "realtime_edits" (
	"edit_id" text PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"revision" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "realtime_nodes" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "realtime_edits_path_idx" ON "realtime_edits" USING btree ("path");