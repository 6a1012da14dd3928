import { CHAT_PATHS } from '@contract/chat/paths';
import type { SupportRoom } from '@contract/chat/schemas';
import { api } from '@/api/client';

/** POST /v1/portal/chat/rooms?deviceId: a new support room (spec section 4: when none exists). */
export const createRoom = (deviceId: string) => api<SupportRoom>(CHAT_PATHS.rooms, { method: 'POST', query: { deviceId } });
