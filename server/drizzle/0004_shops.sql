CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	CONSTRAINT "currencies_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" serial PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"slug_name" text NOT NULL,
	"name" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"app_bucket_name" text NOT NULL,
	"logo" text NOT NULL,
	"slogan" text DEFAULT '' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"address" jsonb NOT NULL,
	"currency_id" integer NOT NULL,
	"categories_of_interest" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"super_categories_of_interest" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"template_id" text,
	"config" jsonb,
	"config_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_kind";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shops_alias_unique" ON "shops" USING btree ("alias");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_slug_name_unique" ON "shops" USING btree ("slug_name");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_name_lower_unique" ON "shops" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "shops_owner_user_id_idx" ON "shops" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "media_shop_alias_idx" ON "media" USING btree ("shop_alias");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_kind" CHECK ("media"."kind" in ('profile-picture', 'shop-media'));