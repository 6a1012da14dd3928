CREATE TABLE "collaborator_invite_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collaborator_invite_sends" ADD CONSTRAINT "collaborator_invite_sends_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collaborator_invite_sends_shop_idx" ON "collaborator_invite_sends" USING btree ("shop_id","sent_at");--> statement-breakpoint
-- The sends of the last day so far (one per invite: each invite row kept its last send only).
INSERT INTO "collaborator_invite_sends" ("shop_id", "sent_at") SELECT "shop_id", "sent_at" FROM "collaborator_invites" WHERE "sent_at" > now() - interval '1 day';
--> statement-breakpoint
-- Invite notifications carry the invite's reference, never its token: the token's secret goes to the invited mailbox only.
UPDATE "notifications" SET "meta" = jsonb_set("meta", '{inviteToken}', to_jsonb(substring("meta"->>'inviteToken' from '^[0-9]+\.[a-z0-9-]+'))) WHERE "type" = 'invite' AND "meta"->>'inviteToken' ~ '^[0-9]+\.[a-z0-9-]+\.';
