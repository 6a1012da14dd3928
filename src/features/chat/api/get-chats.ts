import { fillPath } from '@contract/api';
import { CHAT_PATHS } from '@contract/chat/paths';
import type { ChatMessage } from '@contract/chat/schemas';
import { CONSTANTS } from '@contract/constants';
import { api } from '@/api/client';

/** GET /v1/portal/rooms/{roomId}/chats: page 0 is the newest; each page is oldest first. */
export const getChats = (roomId: string, deviceId: string, page = 0) =>
  api<ChatMessage[]>(fillPath(CHAT_PATHS.chats, { roomId }), { query: { deviceId, page, limit: CONSTANTS.chatHistoryPageSize } });
