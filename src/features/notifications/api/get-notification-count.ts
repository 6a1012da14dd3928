import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_PATHS } from '@contract/notifications/paths';
import type { NotificationCount } from '@contract/notifications/schemas';
import { api } from '@/api/client';

/** GET /v1/portal/notifications/count: how many open notifications the signed-in user has. */
function getNotificationCount(signal?: AbortSignal): Promise<NotificationCount> {
  return api<NotificationCount>(NOTIFICATION_PATHS.count, { fallback: 'Could not count the notifications', signal });
}

export function notificationCountQueryOptions() {
  return queryOptions({ queryKey: ['notifications', 'count'] as const, queryFn: ({ signal }) => getNotificationCount(signal) });
}

export function useNotificationCount(enabled = true) {
  return useQuery({ ...notificationCountQueryOptions(), enabled });
}
