CREATE TABLE "design_branches" (
	"path" text PRIMARY KEY NOT NULL,
	"from_version" integer NOT NULL,
	"base" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "realtime_edits" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "realtime_edits" ADD COLUMN "fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "realtime_edits" ADD CONSTRAINT "realtime_edits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_edits_history_idx" ON "realtime_edits" USING btree ("path","revision");