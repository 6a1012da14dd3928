import { fillPath } from '@contract/api';
import { CHAT_PATHS } from '@contract/chat/paths';
import type { IsTypingPayload } from '@contract/chat/schemas';
import { api } from '@/api/client';

/** POST /v1/portal/rooms/{id}/is-typing. */
export const sendTyping = (payload: IsTypingPayload) => api<null>(fillPath(CHAT_PATHS.isTyping, { roomId: payload.room }), { method: 'POST', body: payload });
