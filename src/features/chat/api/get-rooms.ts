import { CHAT_PATHS } from '@contract/chat/paths';
import type { SupportRoom } from '@contract/chat/schemas';
import { api } from '@/api/client';

/** GET /v1/portal/chat/rooms?deviceId: the device's (or the signed-in merchant's) rooms. */
export const getRooms = (deviceId: string) => api<SupportRoom[]>(CHAT_PATHS.rooms, { query: { deviceId } });
