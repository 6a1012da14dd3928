/**
 * Applies a created or updated notification (from the server's answer, the user's socket room or
 * a push the service worker passed on) to every cached list, then refetches the count (spec
 * section 4: "The count is refetched after every update").
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Notification } from '@contract/notifications/schemas';
import { notificationCountQueryOptions } from './api/get-notification-count';
import { NOTIFICATION_LISTS_KEY } from './api/get-notifications';
import { applyNotification, type NotificationFilter } from './model';

export function applyNotificationUpdate(queryClient: QueryClient, notification: Notification): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: NOTIFICATION_LISTS_KEY })) {
    const filter = query.queryKey[2] as { status: NotificationFilter['status']; type: NotificationFilter['type'] | null } | undefined;
    if (!filter) continue;
    queryClient.setQueryData<Notification[]>(query.queryKey, (list) =>
      list ? applyNotification(list, notification, { status: filter.status, type: filter.type ?? undefined }) : list,
    );
    // A fetch of this list already under way may answer from before the change and would put the
    // old state back: it is cancelled and asked again (the change stays on screen meanwhile).
    if (query.state.fetchStatus === 'fetching') void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true });
  }
  void queryClient.invalidateQueries({ queryKey: notificationCountQueryOptions().queryKey });
}

/** Something may have changed unseen (a push message, a reconnect): ask again. */
export function refetchNotifications(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['notifications'] });
}
