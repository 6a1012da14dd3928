CREATE TABLE "collaborator_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"access_rights" jsonb NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaborator_invites_status" CHECK ("collaborator_invites"."status" in ('open', 'accepted', 'declined', 'revoked', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "design_authors" (
	"path" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_collaborators" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"access_rights" jsonb NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_sharing" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"public_link" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collaborator_invites" ADD CONSTRAINT "collaborator_invites_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collaborator_invites" ADD CONSTRAINT "collaborator_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "design_authors" ADD CONSTRAINT "design_authors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_collaborators" ADD CONSTRAINT "shop_collaborators_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_collaborators" ADD CONSTRAINT "shop_collaborators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_collaborators" ADD CONSTRAINT "shop_collaborators_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_sharing" ADD CONSTRAINT "shop_sharing_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collaborator_invites_token_idx" ON "collaborator_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "collaborator_invites_open_idx" ON "collaborator_invites" USING btree ("shop_id","email") WHERE "collaborator_invites"."status" = 'open';--> statement-breakpoint
CREATE INDEX "collaborator_invites_shop_idx" ON "collaborator_invites" USING btree ("shop_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_collaborators_shop_user_idx" ON "shop_collaborators" USING btree ("shop_id","user_id");--> statement-breakpoint
CREATE INDEX "shop_collaborators_user_idx" ON "shop_collaborators" USING btree ("user_id");