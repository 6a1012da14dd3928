-- Issue 27: a new shop's public link is off. Shops made while it was on by default (no sharing row) keep it on.
INSERT INTO "shop_sharing" ("shop_id", "public_link") SELECT "id", true FROM "shops" ON CONFLICT ("shop_id") DO NOTHING;--> statement-breakpoint
ALTER TABLE "shop_sharing" ALTER COLUMN "public_link" SET DEFAULT false;
