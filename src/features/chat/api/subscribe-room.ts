import { fillPath } from '@contract/api';
import { CHAT_PATHS } from '@contract/chat/paths';
import type { SupportRoom } from '@contract/chat/schemas';
import { api } from '@/api/client';

/** POST /v1/portal/rooms/{id}/subscribe?deviceId&userId: this device receives the room again. */
export const subscribeRoom = (roomId: string, deviceId: string, userId: number | null) =>
  api<SupportRoom>(fillPath(CHAT_PATHS.subscribe, { roomId }), { method: 'POST', query: { deviceId, userId } });
