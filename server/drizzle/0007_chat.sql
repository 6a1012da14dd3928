CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"device_id" text NOT NULL,
	"user_id" integer,
	"sender" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_sender" CHECK ("chat_messages"."sender" in ('merchant', 'agent'))
);
--> statement-breakpoint
CREATE TABLE "chat_room_devices" (
	"room_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"subscribed" boolean DEFAULT true NOT NULL,
	"reviewer" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_room_devices_room_id_device_id_pk" PRIMARY KEY("room_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"device_id" text NOT NULL,
	"user_id" integer,
	"last_message_at" timestamp with time zone,
	"last_message" text,
	"merchant_read_id" integer DEFAULT 0 NOT NULL,
	"agent_read_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_devices" ADD CONSTRAINT "chat_room_devices_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_idx" ON "chat_messages" USING btree ("room_id","client_id");--> statement-breakpoint
CREATE INDEX "chat_messages_room_idx" ON "chat_messages" USING btree ("room_id","id");--> statement-breakpoint
CREATE INDEX "chat_room_devices_device_idx" ON "chat_room_devices" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_room_id_idx" ON "chat_rooms" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "chat_rooms_device_idx" ON "chat_rooms" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "chat_rooms_user_idx" ON "chat_rooms" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type" CHECK ("notifications"."type" in ('invite', 'app-build', 'payment-due', 'payment-failed', 'release', 'support-reply'));