import { queryOptions } from '@tanstack/react-query';
import { CHAT_PATHS } from '@contract/chat/paths';
import type { InboxRoom } from '@contract/chat/schemas';
import { api } from '@/api/client';

/** GET /v1/portal/chat/inbox (SOVEREIGN): every room by last activity. */
export const inboxQueryOptions = () => queryOptions({ queryKey: ['chat', 'inbox'], queryFn: () => api<InboxRoom[]>(CHAT_PATHS.inbox) });
