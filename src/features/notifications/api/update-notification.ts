import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@contract/api';
import { NOTIFICATION_PATHS, type NotificationStatus } from '@contract/notifications/paths';
import type { Notification } from '@contract/notifications/schemas';
import { api } from '@/api/client';
import { applyNotificationUpdate } from '../store';

/** PUT /v1/portal/notifications/{notificationId} */
function updateNotification({ notificationId, status }: { notificationId: number; status: NotificationStatus }): Promise<Notification> {
  return api<Notification>(fillPath(NOTIFICATION_PATHS.update, { notificationId }), {
    method: 'PUT',
    body: { status },
    fallback: 'Could not update the notification',
  });
}

export function useUpdateNotification() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateNotification, onSuccess: (notification) => applyNotificationUpdate(queryClient, notification) });
}
