CREATE TABLE "engine_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"app_type" text DEFAULT 'merchant-app' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"published_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"meta" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type" CHECK ("notifications"."type" in ('invite', 'app-build', 'payment-due', 'payment-failed', 'release')),
	CONSTRAINT "notifications_status" CHECK ("notifications"."status" in ('open', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "engine_releases" ADD CONSTRAINT "engine_releases_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "engine_releases_app_type_version_unique" ON "engine_releases" USING btree ("app_type","version");--> statement-breakpoint
CREATE INDEX "notifications_user_status_idx" ON "notifications" USING btree ("user_id","status","id");