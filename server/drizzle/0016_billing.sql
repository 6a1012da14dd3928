CREATE TABLE "live_intervals" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "live_intervals_order" CHECK ("live_intervals"."ended_at" is null or "live_intervals"."ended_at" >= "live_intervals"."started_at")
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_code" text NOT NULL,
	"user_id" integer NOT NULL,
	"shop_id" integer,
	"shop_alias" text NOT NULL,
	"status" text DEFAULT 'paused' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('live', 'paused', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "live_intervals" ADD CONSTRAINT "live_intervals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_intervals_open_idx" ON "live_intervals" USING btree ("subscription_id") WHERE "live_intervals"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "live_intervals_subscription_idx" ON "live_intervals" USING btree ("subscription_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_plans_from_idx" ON "subscription_plans" USING btree ("subscription_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_code_idx" ON "subscriptions" USING btree ("subscription_code");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_per_shop_idx" ON "subscriptions" USING btree ("shop_id") WHERE "subscriptions"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
-- Issue 30: deleting an app ends its subscription and its live time, whichever code path deletes it (its bills stay).
CREATE FUNCTION "end_subscriptions_of_deleted_shop"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "live_intervals" SET "ended_at" = now()
    WHERE "ended_at" IS NULL AND "subscription_id" IN (SELECT "id" FROM "subscriptions" WHERE "shop_id" = OLD."id");
  UPDATE "subscriptions" SET "status" = 'cancelled', "cancelled_at" = now(), "updated_at" = now()
    WHERE "shop_id" = OLD."id" AND "status" <> 'cancelled';
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "shops_end_subscriptions" BEFORE DELETE ON "shops" FOR EACH ROW EXECUTE FUNCTION "end_subscriptions_of_deleted_shop"();
