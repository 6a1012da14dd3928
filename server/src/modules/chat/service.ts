/**
 * Support chat (issue 13): rooms per device, history, messages stored once per client id,
 * typing, the agent inbox, and the live preview app's review subscription. HTTP-free; every
 * call checks the caller against the room first:
 * - a SOVEREIGN user (an agent) may use every room;
 * - a room that a signed-in merchant has used is that user's (history follows them to another
 *   device), plus any device the live preview app's review subscription added;
 * - otherwise the room's own device, or a device added to it, may use it.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CHAT_EVENTS, CHAT_LIMITS, CHAT_ROOMS, type ChatSender } from '@contract/chat/paths';
import { CHAT_MESSAGES, type ChatMessage, type InboxRoom, type SupportRoom, type TypingEvent } from '@contract/chat/schemas';
import { ROLE } from '@contract/constants';
import type { SessionUser } from '../../auth/guards';
import { createLimiter, type Limiter } from '../../auth/rate-limit';
import { hasRole } from '@contract/users/roles';
import type { Database } from '../../db/database';
import { chatMessages, chatRoomDevices, chatRooms, shops, users } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { Realtime } from '../../realtime/socket';
import type { Notifications } from '../../deps';

interface Caller {
  user: SessionUser | null;
  deviceId: string;
}

type RoomRow = typeof chatRooms.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

export const isAgent = (user: SessionUser | null | undefined): boolean => hasRole(user ?? null, ROLE.SOVEREIGN);
const merchantOf = (caller: Caller) => (caller.user && !isAgent(caller.user) ? caller.user : null);
const senderOf = (caller: Caller): ChatSender => (isAgent(caller.user) ? 'agent' : 'merchant');

/** How much of the last message a room list (and a notification) shows. */
const PREVIEW_LENGTH = 140;
/** The most rooms the inbox answers with. */
const INBOX_LIMIT = 200;
const MINUTE = 60_000;
const ROOM_ID = /^[0-9a-f-]{36}$/;

function toMessage(row: MessageRow, roomId: string): ChatMessage {
  return {
    id: row.id,
    clientId: row.clientId,
    room: roomId,
    content: row.content,
    sender: row.sender as ChatSender,
    createdAt: row.createdAt.toISOString(),
    roomMember: { deviceId: row.deviceId },
  };
}

interface ChatService {
  listRooms(caller: Caller): Promise<SupportRoom[]>;
  createRoom(caller: Caller): Promise<SupportRoom>;
  history(caller: Caller, roomId: string, page: number, limit: number): Promise<ChatMessage[]>;
  setSubscribed(caller: Caller, roomId: string, subscribed: boolean): Promise<SupportRoom>;
  send(
    caller: Caller,
    roomId: string,
    input: { room: string; content: string; clientId?: string | undefined },
  ): Promise<{ message: ChatMessage; created: boolean }>;
  typing(caller: Caller, roomId: string, input: { room: string; isTyping: boolean }): Promise<void>;
  inbox(): Promise<InboxRoom[]>;
  reviewSubscribe(owner: SessionUser, alias: string, deviceId: string): Promise<SupportRoom>;
  /** May this socket's user or device join `chat:<roomId>`? */
  mayJoin(user: SessionUser | null, deviceId: unknown, roomId: string): Promise<boolean>;
}

export function createChat({
  db,
  realtime,
  notifications,
  log,
}: {
  db: Database;
  realtime: Realtime;
  notifications: Notifications;
  log: FastifyBaseLogger;
}): ChatService {
  const limits: { messages: Limiter; typing: Limiter } = {
    messages: createLimiter(realtime.redis, 'chat-messages-per-device', { limit: CHAT_LIMITS.messagesPerMinute, windowMs: MINUTE }),
    typing: createLimiter(realtime.redis, 'chat-typing-per-device', { limit: CHAT_LIMITS.typingPerMinute, windowMs: MINUTE }),
  };

  async function consume(limiter: Limiter, deviceId: string) {
    const { retryAfterSeconds } = await limiter.consume(deviceId);
    if (retryAfterSeconds !== null) throw new HttpError(429, CHAT_MESSAGES.flood, { 'retry-after': String(retryAfterSeconds) });
  }

  async function memberOf(room: RoomRow, deviceId: string) {
    const [member] = await db
      .select({ subscribed: chatRoomDevices.subscribed, reviewer: chatRoomDevices.reviewer })
      .from(chatRoomDevices)
      .where(and(eq(chatRoomDevices.roomId, room.id), eq(chatRoomDevices.deviceId, deviceId)));
    return member;
  }

  /** The module comment's rule; `subscribedOnly` also refuses a device that unsubscribed (socket joins). */
  async function mayUse(room: RoomRow, user: SessionUser | null, deviceId: string, subscribedOnly = false): Promise<boolean> {
    if (isAgent(user)) return true;
    const member = await memberOf(room, deviceId);
    if (subscribedOnly && member && !member.subscribed) return false;
    if (room.userId !== null) return user?.id === room.userId || member?.reviewer === true;
    return room.deviceId === deviceId || member !== undefined;
  }

  /** The room, if the caller may use it; a merchant's use makes a device's room theirs. */
  async function roomFor(caller: Caller, roomId: string): Promise<RoomRow> {
    const [room] = await db.select().from(chatRooms).where(eq(chatRooms.roomId, roomId));
    if (!room) throw new HttpError(404, CHAT_MESSAGES.roomNotFound);
    if (!(await mayUse(room, caller.user, caller.deviceId))) throw new HttpError(403, CHAT_MESSAGES.forbidden);
    const merchant = merchantOf(caller);
    if (merchant && room.userId === null) {
      const [claimed] = await db
        .update(chatRooms)
        .set({ userId: merchant.id })
        .where(and(eq(chatRooms.id, room.id), isNull(chatRooms.userId)))
        .returning();
      return claimed ?? room;
    }
    return room;
  }

  /** Unread for one side: the other side's messages after that side's read mark. */
  async function unreadOf(room: RoomRow, side: ChatSender): Promise<number> {
    const readId = side === 'agent' ? room.agentReadId : room.merchantReadId;
    const [row] = await db
      .select({ value: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, room.id), gt(chatMessages.id, readId), eq(chatMessages.sender, side === 'agent' ? 'merchant' : 'agent')));
    return row?.value ?? 0;
  }

  async function toRoom(room: RoomRow, caller: Caller): Promise<SupportRoom> {
    const member = await memberOf(room, caller.deviceId);
    return {
      id: room.id,
      roomId: room.roomId,
      deviceId: room.deviceId,
      lastMessageAt: room.lastMessageAt?.toISOString() ?? null,
      lastMessage: room.lastMessage,
      unread: await unreadOf(room, senderOf(caller)),
      subscribed: member?.subscribed ?? true,
    };
  }

  /** The side's read mark moves up to `messageId` (never down). */
  const readUpTo = (side: ChatSender, messageId: number) =>
    side === 'agent'
      ? { agentReadId: sql`greatest(${chatRooms.agentReadId}, ${messageId})` }
      : { merchantReadId: sql`greatest(${chatRooms.merchantReadId}, ${messageId})` };

  /** Is a merchant (a socket that is not an agent's) in the room, on any process? */
  async function merchantConnected(roomId: string): Promise<boolean> {
    try {
      const sockets = await realtime.io.in(CHAT_ROOMS.room(roomId)).fetchSockets();
      return sockets.some((socket) => !isAgent((socket.data as { user?: SessionUser | null }).user));
    } catch (error) {
      log.warn({ err: error }, 'chat: could not list the sockets of a room');
      return false;
    }
  }

  return {
    async listRooms(caller) {
      const merchant = merchantOf(caller);
      if (merchant) {
        // A signed-in merchant uses the device's rooms: they become theirs.
        await db
          .update(chatRooms)
          .set({ userId: merchant.id })
          .where(and(isNull(chatRooms.userId), eq(chatRooms.deviceId, caller.deviceId)));
      }
      const memberRooms = db.select({ id: chatRoomDevices.roomId }).from(chatRoomDevices).where(eq(chatRoomDevices.deviceId, caller.deviceId));
      const reviewRooms = db
        .select({ id: chatRoomDevices.roomId })
        .from(chatRoomDevices)
        .where(and(eq(chatRoomDevices.deviceId, caller.deviceId), eq(chatRoomDevices.reviewer, true)));
      const ofDevice = or(
        and(isNull(chatRooms.userId), or(eq(chatRooms.deviceId, caller.deviceId), inArray(chatRooms.id, memberRooms))),
        inArray(chatRooms.id, reviewRooms),
      );
      const rows = await db
        .select()
        .from(chatRooms)
        .where(merchant ? or(eq(chatRooms.userId, merchant.id), ofDevice) : ofDevice)
        .orderBy(chatRooms.id);
      return Promise.all(rows.map((room) => toRoom(room, caller)));
    },

    async createRoom(caller) {
      const [room] = await db
        .insert(chatRooms)
        .values({ roomId: randomUUID(), deviceId: caller.deviceId, userId: merchantOf(caller)?.id ?? null })
        .returning();
      if (!room) throw new Error('insert returned nothing');
      return toRoom(room, caller);
    },

    async history(caller, roomId, page, limit) {
      const room = await roomFor(caller, roomId);
      const rows = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.roomId, room.id))
        .orderBy(desc(chatMessages.id))
        .limit(limit)
        .offset(page * limit);
      const newest = rows[0]?.id;
      // Reading the newest page marks the caller's side as read.
      if (page === 0 && newest !== undefined)
        await db
          .update(chatRooms)
          .set(readUpTo(senderOf(caller), newest))
          .where(eq(chatRooms.id, room.id));
      return rows.reverse().map((row) => toMessage(row, room.roomId));
    },

    async setSubscribed(caller, roomId, subscribed) {
      const room = await roomFor(caller, roomId);
      await db
        .insert(chatRoomDevices)
        .values({ roomId: room.id, deviceId: caller.deviceId, subscribed })
        .onConflictDoUpdate({ target: [chatRoomDevices.roomId, chatRoomDevices.deviceId], set: { subscribed } });
      if (!subscribed) {
        // This device's open sockets stop receiving the room at once (on every process).
        const name = CHAT_ROOMS.room(room.roomId);
        const sockets = await realtime.io.in(name).fetchSockets();
        for (const socket of sockets) if ((socket.handshake.auth as { deviceId?: unknown }).deviceId === caller.deviceId) socket.leave(name);
      }
      return toRoom(room, caller);
    },

    async send(caller, roomId, input) {
      if (input.room !== roomId) throw new HttpError(400, CHAT_MESSAGES.roomMismatch);
      const room = await roomFor(caller, roomId);
      await consume(limits.messages, caller.deviceId);
      const sender = senderOf(caller);
      // No clientId (the spec's payload): nothing to recognise a resend by, so a new message.
      const clientId = input.clientId ?? randomUUID();
      const [row] = await db
        .insert(chatMessages)
        .values({ roomId: room.id, clientId, deviceId: caller.deviceId, userId: caller.user?.id ?? null, sender, content: input.content })
        .onConflictDoNothing({ target: [chatMessages.roomId, chatMessages.clientId] })
        .returning();
      if (!row) {
        // A resend: the stored message, and nothing emitted again.
        const [stored] = await db
          .select()
          .from(chatMessages)
          .where(and(eq(chatMessages.roomId, room.id), eq(chatMessages.clientId, clientId)));
        if (!stored) throw new Error('resent message vanished');
        return { message: toMessage(stored, room.roomId), created: false };
      }
      await db
        .update(chatRooms)
        .set({ lastMessageAt: row.createdAt, lastMessage: row.content.slice(0, PREVIEW_LENGTH), ...readUpTo(sender, row.id) })
        .where(eq(chatRooms.id, room.id));
      const message = toMessage(row, room.roomId);
      realtime.io.to([CHAT_ROOMS.room(room.roomId), CHAT_ROOMS.agents]).emit(CHAT_EVENTS.newMessage, message);
      // An answer to a merchant with no portal open reaches them as a notification.
      if (sender === 'agent' && room.userId !== null && !(await merchantConnected(room.roomId))) {
        await notifications.notify(room.userId, { type: 'support-reply', title: 'Support replied', body: row.content.slice(0, PREVIEW_LENGTH) });
      }
      return { message, created: true };
    },

    async typing(caller, roomId, input) {
      if (input.room !== roomId) throw new HttpError(400, CHAT_MESSAGES.roomMismatch);
      const room = await roomFor(caller, roomId);
      await consume(limits.typing, caller.deviceId);
      const event: TypingEvent = { room: room.roomId, deviceId: caller.deviceId, isTyping: input.isTyping, sender: senderOf(caller) };
      realtime.io.to([CHAT_ROOMS.room(room.roomId), CHAT_ROOMS.agents]).emit(CHAT_EVENTS.isTyping, event);
    },

    async inbox() {
      const rows = await db
        .select({ room: chatRooms, user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email } })
        .from(chatRooms)
        .leftJoin(users, eq(users.id, chatRooms.userId))
        .orderBy(sql`${chatRooms.lastMessageAt} desc nulls last`, desc(chatRooms.id))
        .limit(INBOX_LIMIT);
      return Promise.all(
        rows.map(async ({ room, user }) => ({
          id: room.id,
          roomId: room.roomId,
          deviceId: room.deviceId,
          lastMessageAt: room.lastMessageAt?.toISOString() ?? null,
          lastMessage: room.lastMessage,
          unread: await unreadOf(room, 'agent'),
          subscribed: true,
          merchant: user ? { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email } : null,
        })),
      );
    },

    async reviewSubscribe(owner, alias, deviceId) {
      const [shop] = await db.select({ ownerUserId: shops.ownerUserId }).from(shops).where(eq(shops.alias, alias));
      if (!shop || (shop.ownerUserId !== owner.id && !isAgent(owner))) throw new HttpError(404, CHAT_MESSAGES.shopNotFound);
      const [latest] = await db
        .select()
        .from(chatRooms)
        .where(eq(chatRooms.userId, shop.ownerUserId))
        .orderBy(sql`${chatRooms.lastMessageAt} desc nulls last`, desc(chatRooms.id))
        .limit(1);
      const room = latest ?? (await db.insert(chatRooms).values({ roomId: randomUUID(), deviceId, userId: shop.ownerUserId }).returning())[0];
      if (!room) throw new Error('insert returned nothing');
      await db
        .insert(chatRoomDevices)
        .values({ roomId: room.id, deviceId, subscribed: true, reviewer: true })
        .onConflictDoUpdate({ target: [chatRoomDevices.roomId, chatRoomDevices.deviceId], set: { subscribed: true, reviewer: true } });
      return toRoom(room, { user: null, deviceId });
    },

    async mayJoin(user, deviceId, roomId) {
      if (!ROOM_ID.test(roomId)) return false;
      const [room] = await db.select().from(chatRooms).where(eq(chatRooms.roomId, roomId));
      // Agents and signed-in owners need no device id; a device is named by the handshake's.
      return room !== undefined && mayUse(room, user, typeof deviceId === 'string' ? deviceId : '', true);
    },
  };
}
