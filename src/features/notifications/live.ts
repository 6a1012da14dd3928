/**
 * The open portal's live line to its notifications: the user's socket.io room (the server emits
 * every created or updated notification there) and the service worker's word that a push arrived
 * while the portal was in front. Failures are only logged (spec section 8).
 */
import type { QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENT } from '@contract/notifications/paths';
import type { Notification } from '@contract/notifications/schemas';
import { openRealtimeLine } from '@/realtime/transport';
import { PUSH_RECEIVED_MESSAGE } from '@/sw/messages';
import { applyNotificationUpdate, refetchNotifications } from './store';

export function connectNotifications(queryClient: QueryClient, token: string, userId: number): () => void {
  const line = openRealtimeLine({
    auth: () => ({ token }),
    onConnect: (socket) =>
      socket.emit('join', `user:${userId}`, (answer: { ok: boolean; message?: string } | undefined) => {
        if (!answer?.ok) return console.warn('Could not follow notifications', answer?.message);
        // Whatever came before the room was joined (the first load raced it, or the line was down) is fetched again.
        refetchNotifications(queryClient);
      }),
    label: 'Notifications',
  });
  line.socket.on(NOTIFICATION_EVENT, (notification: Notification) => applyNotificationUpdate(queryClient, notification));

  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === PUSH_RECEIVED_MESSAGE) refetchNotifications(queryClient);
  };
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  return () => {
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    line.close();
  };
}
