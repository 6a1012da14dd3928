CREATE TABLE "build_artifacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"build_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "builds" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_alias" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"creation_version" integer NOT NULL,
	"release_id" integer NOT NULL,
	"release_version" text NOT NULL,
	"requested_by" integer,
	"requested_by_name" text NOT NULL,
	"idempotency_key" text,
	"remote" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"stages" jsonb NOT NULL,
	"error" jsonb,
	"engine_job_id" text,
	"engine_deadline" timestamp with time zone,
	"engine_result" jsonb,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "builds_progress" CHECK ("builds"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "build_artifacts" ADD CONSTRAINT "build_artifacts_build_id_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_release_id_engine_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."engine_releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "build_artifacts_kind_idx" ON "build_artifacts" USING btree ("build_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "builds_shop_number_idx" ON "builds" USING btree ("shop_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "builds_one_active_idx" ON "builds" USING btree ("shop_id") WHERE "builds"."status" not in ('succeeded', 'failed', 'cancelled');--> statement-breakpoint
CREATE UNIQUE INDEX "builds_idempotency_idx" ON "builds" USING btree ("requested_by","idempotency_key") WHERE "builds"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "builds_engine_job_idx" ON "builds" USING btree ("engine_job_id") WHERE "builds"."engine_job_id" is not null;--> statement-breakpoint
CREATE INDEX "builds_status_idx" ON "builds" USING btree ("status","created_at");