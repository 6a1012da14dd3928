/** `/notifications?status=&type=`: a value that does not fit is dropped (the page still opens). */
import { NOTIFICATION_TYPES, type NotificationType } from '@contract/notifications/paths';
import type { NotificationFilter } from './model';

interface NotificationsSearch {
  status?: 'resolved' | 'all' | undefined;
  type?: NotificationType | undefined;
}

export function validateNotificationsSearch(search: Record<string, unknown>): NotificationsSearch {
  return {
    status: search.status === 'resolved' || search.status === 'all' ? search.status : undefined,
    type: NOTIFICATION_TYPES.find((type) => type === search.type),
  };
}

export function filterOf(search: NotificationsSearch): NotificationFilter {
  return { status: search.status ?? 'open', type: search.type };
}
