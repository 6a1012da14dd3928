/**
 * Spec section 4 "Notification": when its status becomes resolved it is removed from the list,
 * otherwise it is added or replaced. Pure: unit-tested.
 */
import type { NotificationStatus, NotificationType } from '@contract/notifications/paths';
import type { Notification } from '@contract/notifications/schemas';

/** Which notifications a list holds: `status` 'all' keeps both (the page's "All" filter). */
export interface NotificationFilter {
  status: NotificationStatus | 'all';
  type?: NotificationType | undefined;
}

export const OPEN_NOTIFICATIONS: NotificationFilter = { status: 'open' };

function belongsTo(filter: NotificationFilter, notification: Notification): boolean {
  if (filter.status !== 'all' && notification.status !== filter.status) return false;
  return filter.type === undefined || notification.type === filter.type;
}

/** The list after `notification` changed: removed when it no longer belongs, else added (newest first) or replaced in place. */
export function applyNotification(list: readonly Notification[], notification: Notification, filter: NotificationFilter): Notification[] {
  const rest = list.filter((item) => item.id !== notification.id);
  if (!belongsTo(filter, notification)) return rest;
  const index = list.findIndex((item) => item.id === notification.id);
  if (index >= 0) return list.map((item) => (item.id === notification.id ? notification : item));
  return [notification, ...rest].sort((a, b) => b.id - a.id);
}
