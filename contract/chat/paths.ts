/**
 * Support chat calls (spec section 7), relative to API_PREFIX. Zod-free: the portal's lazy chat
 * chunk imports it. `{portal}` is PORTAL. Room paths carry the room's public `roomId`.
 */
import { PORTAL } from '../constants';

export const CHAT_PATHS = {
  /** GET: the rooms of the device (or of the signed-in merchant); POST: a new room. ?deviceId */
  rooms: `/${PORTAL}/chat/rooms`,
  /** GET ?deviceId&page=0&limit=100: a page of history, page 0 the newest, each page oldest first. */
  chats: `/${PORTAL}/rooms/:roomId/chats`,
  /** GET ?deviceId&userId: this device stops receiving the room's messages. */
  unsubscribe: `/${PORTAL}/rooms/:roomId/unsubscribe`,
  /** POST ?deviceId&userId: this device receives the room's messages (again). */
  subscribe: `/${PORTAL}/rooms/:roomId/subscribe`,
  /** POST {room, deviceId, content, clientId}. */
  newMessage: `/${PORTAL}/rooms/:roomId/new-message`,
  /** POST {room, deviceId, isTyping}. */
  isTyping: `/${PORTAL}/rooms/:roomId/is-typing`,
  /** GET (SOVEREIGN): every room by last activity, for the agent inbox. */
  inbox: `/${PORTAL}/chat/inbox`,
  /** POST ?token&deviceId with the app review auth header: the live preview app joins the shop owner's support room. */
  reviewsSubscribe: '/shop/:alias/design/reviews/subscribe',
} as const;

/** Socket events (spec section 7). */
export const CHAT_EVENTS = {
  newMessage: 'NEW_MESSAGE',
  isTyping: 'IS_TYPING',
  adminOnline: 'admin-online',
} as const;

/** socket.io room names (`<kind>:<id>`, authorised by the chat module). */
export const CHAT_ROOMS = {
  /** One support room: its device(s), its merchant, and agents. */
  room: (roomId: string) => `chat:${roomId}`,
  /** Every agent's inbox: every room's messages and typing. SOVEREIGN only. */
  agents: 'chat-agents:inbox',
  /** Anyone: whether an agent is online (admin-online). */
  presence: 'chat-presence:all',
} as const;

/** The header the live preview app sends: `X-App-Review-Auth: <client credential>`. */
export const APP_REVIEW_AUTH_HEADER = 'x-app-review-auth';

export const CHAT_LIMITS = {
  /** Characters of one message. */
  content: 2000,
  deviceId: 128,
  clientId: 64,
  /** Messages one device may send per minute. */
  messagesPerMinute: 30,
  /** Typing signals one device may send per minute. */
  typingPerMinute: 120,
} as const;

export type ChatSender = 'merchant' | 'agent';
