/**
 * The open portal's live line to its notifications: the user's socket.io room (the server emits
 * every created or updated notification there) and the service worker's word that a push arrived
 * while the portal was in front. Failures are only logged (spec section 8).
 */
import type { QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { NOTIFICATION_EVENT } from '@contract/notifications/paths';
import type { Notification } from '@contract/notifications/schemas';
import { PUSH_RECEIVED_MESSAGE } from '@/sw/messages';
import { applyNotificationUpdate, refetchNotifications } from './store';

/** After the server closed the line, the first try to come back (a restarting server needs a moment). */
const SERVER_CLOSED_RETRY_MS = 1000;

export function connectNotifications(queryClient: QueryClient, token: string, userId: number): () => void {
  const socket = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'] });
  socket.on('connect', () => {
    socket.emit('join', `user:${userId}`, (answer: { ok: boolean; message?: string } | undefined) => {
      if (!answer?.ok) return console.warn('Could not follow notifications', answer?.message);
      // Whatever came before the room was joined (the first load raced it, or the line was down) is fetched again.
      refetchNotifications(queryClient);
    });
  });
  socket.on('connect_error', (error) => console.warn('Notifications connection failed', error.message));
  // socket.io reconnects by itself except when the server closed the line (a restart's io.close()).
  let stopped = false;
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect' && !stopped) setTimeout(() => !stopped && socket.connect(), SERVER_CLOSED_RETRY_MS);
  });
  socket.on(NOTIFICATION_EVENT, (notification: Notification) => applyNotificationUpdate(queryClient, notification));

  const onWorkerMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === PUSH_RECEIVED_MESSAGE) refetchNotifications(queryClient);
  };
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  return () => {
    stopped = true;
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    socket.disconnect();
  };
}
