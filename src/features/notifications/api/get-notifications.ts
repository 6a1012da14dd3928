import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATION_PATHS } from '@contract/notifications/paths';
import type { Notification } from '@contract/notifications/schemas';
import { api } from '@/api/client';
import { OPEN_NOTIFICATIONS, type NotificationFilter } from '../model';

/** GET /v1/portal/notifications/list: the signed-in user's notifications, newest first. */
export function getNotifications(filter: NotificationFilter, signal?: AbortSignal): Promise<Notification[]> {
  return api<Notification[]>(NOTIFICATION_PATHS.list, {
    query: { status: filter.status === 'all' ? undefined : filter.status, type: filter.type },
    fallback: 'Could not load the notifications',
    signal,
  });
}

/** Every list's key starts with this: the live updates walk them all. */
export const NOTIFICATION_LISTS_KEY = ['notifications', 'list'] as const;

export function notificationsQueryOptions(filter: NotificationFilter = OPEN_NOTIFICATIONS) {
  return queryOptions({
    queryKey: [...NOTIFICATION_LISTS_KEY, { status: filter.status, type: filter.type ?? null }] as const,
    queryFn: ({ signal }) => getNotifications(filter, signal),
  });
}

export function useNotifications(filter: NotificationFilter = OPEN_NOTIFICATIONS, enabled = true) {
  return useQuery({ ...notificationsQueryOptions(filter), enabled });
}
