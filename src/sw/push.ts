import { readPushPayload } from './notification-payload';

declare let self: ServiceWorkerGlobalScope;

/**
 * Shows invite, app-build and payment-due pushes (spec section 3 notification types).
 * A refused notification permission is only logged (spec section 8).
 */
export function handlePush(event: PushEvent): void {
  const notice = readPushPayload(event.data?.text(), self.location.origin);
  event.waitUntil(
    self.registration
      .showNotification(notice.title, {
        body: notice.body,
        icon: '/icons/icon-192.png',
        data: { url: notice.url, type: notice.type },
      })
      .catch((error: unknown) => console.warn('Could not show the push notification', error)),
  );
}
