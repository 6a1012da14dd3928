/** Support chat (spec section 3 Chat message, Support room): requests, answers and events. */
import { z } from '../zod';
import { CONSTANTS } from '../constants';
import { id, timestamp } from '../response';
import { text } from '../text';
import { CHAT_LIMITS } from './paths';

export const CHAT_MESSAGES = {
  deviceId: `deviceId must be 8 to ${CHAT_LIMITS.deviceId} letters, digits, '-' or '_'`,
  clientId: `clientId must be 1 to ${CHAT_LIMITS.clientId} letters, digits, '-' or '_'`,
  roomNotFound: 'Chat room not found',
  roomMismatch: 'room must be the room of the path',
  forbidden: 'You may not use this chat room',
  contentRequired: 'content is required',
  flood: 'Too many messages: please wait a moment',
  reviewToken: 'The review token is not valid',
  reviewAuth: 'The app review auth header is missing or wrong',
  shopNotFound: 'Shop not found',
} as const;

const DEVICE_ID = /^[A-Za-z0-9_-]{8,128}$/;
const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const deviceIdSchema = z
  .string({ error: CHAT_MESSAGES.deviceId })
  .max(CHAT_LIMITS.deviceId, { error: CHAT_MESSAGES.deviceId, abort: true })
  .regex(DEVICE_ID, { error: CHAT_MESSAGES.deviceId });

export const deviceQuerySchema = z.object({ deviceId: deviceIdSchema });
/** `userId` is accepted as the spec sends it, but who asks comes from the session, never from it. */
export const subscribeQuerySchema = z.object({ deviceId: deviceIdSchema, userId: z.coerce.number().int().positive().optional() });

export const chatsQuerySchema = z.object({
  deviceId: deviceIdSchema,
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be an integer')
    .min(0, 'page must be 0 or more')
    .max(100_000, 'page is too large')
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(CONSTANTS.chatHistoryPageSize, `limit must be at most ${CONSTANTS.chatHistoryPageSize}`)
    .default(CONSTANTS.chatHistoryPageSize),
});
export type ChatsQuery = z.infer<typeof chatsQuerySchema>;

export const roomIdParamsSchema = z.object({ roomId: z.string().regex(/^[0-9a-f-]{36}$/, { error: 'roomId is not a room id' }) });

/** POST new-message: the content is plain text (shown as text, never HTML). */
export const newMessageSchema = z.object({
  room: z.string({ error: 'room is required' }).max(64),
  deviceId: deviceIdSchema,
  content: text({ label: 'content', max: CHAT_LIMITS.content, min: 1, multiLine: true, error: CHAT_MESSAGES.contentRequired }),
  /**
   * Not in the spec's payload: the portal sends one so a resend is stored once. Without it the
   * server makes one, and every call is a new message.
   */
  clientId: z.string({ error: CHAT_MESSAGES.clientId }).regex(CLIENT_ID, { error: CHAT_MESSAGES.clientId }).optional(),
});
export type NewMessagePayload = z.infer<typeof newMessageSchema>;

export const isTypingSchema = z.object({
  room: z.string({ error: 'room is required' }).max(64),
  deviceId: deviceIdSchema,
  isTyping: z.boolean({ error: 'isTyping must be true or false' }),
});
export type IsTypingPayload = z.infer<typeof isTypingSchema>;

export const chatSenderSchema = z.enum(['merchant', 'agent']);

/** Spec: content, createdAt, roomMember.deviceId, room id; plus our id, clientId and sender. */
export const chatMessageSchema = z.object({
  id,
  clientId: z.string(),
  room: z.string(),
  content: z.string(),
  sender: chatSenderSchema,
  createdAt: timestamp,
  roomMember: z.object({ deviceId: z.string() }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Spec: id, roomId, deviceId; plus activity and what the caller has not read. */
export const supportRoomSchema = z.object({
  id,
  roomId: z.string(),
  deviceId: z.string(),
  lastMessageAt: timestamp.nullable(),
  lastMessage: z.string().nullable(),
  unread: z.number().int(),
  subscribed: z.boolean(),
});
export type SupportRoom = z.infer<typeof supportRoomSchema>;

/** A room in the agent inbox: who the merchant is (null while the room is a device's only). */
export const inboxRoomSchema = supportRoomSchema.extend({
  merchant: z.object({ id, name: z.string(), email: z.string() }).nullable(),
});
export type InboxRoom = z.infer<typeof inboxRoomSchema>;

export const typingEventSchema = z.object({ room: z.string(), deviceId: z.string(), isTyping: z.boolean(), sender: chatSenderSchema });
export type TypingEvent = z.infer<typeof typingEventSchema>;
export interface AdminOnlineEvent {
  online: boolean;
}

export const reviewsSubscribeQuerySchema = z.object({
  token: z.string({ error: CHAT_MESSAGES.reviewToken }).min(1, { error: CHAT_MESSAGES.reviewToken }).max(4096, { error: CHAT_MESSAGES.reviewToken }),
  deviceId: deviceIdSchema,
});
