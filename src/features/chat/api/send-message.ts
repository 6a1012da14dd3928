import { fillPath } from '@contract/api';
import { CHAT_PATHS } from '@contract/chat/paths';
import type { ChatMessage, NewMessagePayload } from '@contract/chat/schemas';
import { api } from '@/api/client';

/** POST /v1/portal/rooms/{id}/new-message: stored once per clientId, so a resend is safe. */
export const sendMessage = (payload: NewMessagePayload) =>
  api<ChatMessage>(fillPath(CHAT_PATHS.newMessage, { roomId: payload.room }), { method: 'POST', body: payload, fallback: 'Could not send the message' });
