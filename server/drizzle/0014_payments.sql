-- Issue 29: payments (transactions, saved cards, gateway customers, webhook events once, remote config) and the test gateways' records.
CREATE TABLE "card_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"authorization_code" text NOT NULL,
	"customer_code" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"label" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"test_mode" boolean NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"test_mode" boolean NOT NULL,
	"customer_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_test_mode_pk" PRIMARY KEY("user_id","provider","test_mode")
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'initialized' NOT NULL,
	"app_alias" text,
	"description" text DEFAULT '' NOT NULL,
	"is_auto_refund" boolean DEFAULT false NOT NULL,
	"test_mode" boolean NOT NULL,
	"failure_message" text,
	"action_url" text,
	"checkout_url" text,
	"provider_id" text,
	"authorization_code" text,
	"idempotency_key" text NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_amount" CHECK ("payment_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "remote_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_objects" (
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_objects_provider_kind_id_pk" PRIMARY KEY("provider","kind","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"reference" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "card_authorizations" ADD CONSTRAINT "card_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_config" ADD CONSTRAINT "remote_config_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_authorizations_code_idx" ON "card_authorizations" USING btree ("provider","authorization_code");--> statement-breakpoint
CREATE UNIQUE INDEX "card_authorizations_default_idx" ON "card_authorizations" USING btree ("user_id") WHERE "card_authorizations"."is_default" and "card_authorizations"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "card_authorizations_user_idx" ON "card_authorizations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_reference_idx" ON "payment_transactions" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_idempotency_idx" ON "payment_transactions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_transactions_user_idx" ON "payment_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_transactions_status_idx" ON "payment_transactions" USING btree ("status","updated_at");