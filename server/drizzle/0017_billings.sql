CREATE TABLE "billings" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"shop_alias" text NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"usage_minutes" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"amount" integer NOT NULL,
	"credit_used" integer NOT NULL,
	"payable" integer NOT NULL,
	"transaction_reference" text,
	"notice_sent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billings_month" CHECK ("billings"."month" between 1 and 12),
	CONSTRAINT "billings_amounts" CHECK ("billings"."amount" >= 0 and "billings"."credit_used" >= 0 and "billings"."payable" = "billings"."amount" - "billings"."credit_used")
);
--> statement-breakpoint
CREATE TABLE "usage_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_corrections_order" CHECK ("usage_corrections"."ended_at" > "usage_corrections"."started_at")
);
--> statement-breakpoint
ALTER TABLE "billings" ADD CONSTRAINT "billings_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billings" ADD CONSTRAINT "billings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billings" ADD CONSTRAINT "billings_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_corrections" ADD CONSTRAINT "usage_corrections_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_corrections" ADD CONSTRAINT "usage_corrections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billings_subscription_month_idx" ON "billings" USING btree ("subscription_id","year","month");--> statement-breakpoint
CREATE INDEX "billings_user_idx" ON "billings" USING btree ("user_id","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_corrections_range_idx" ON "usage_corrections" USING btree ("subscription_id","started_at","ended_at");