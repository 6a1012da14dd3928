import { readPushPayload } from './notification-payload';
import { PUSH_RECEIVED_MESSAGE } from './messages';

declare let self: ServiceWorkerGlobalScope;

const NOTIFICATION_ICON = '/icons/icon-192.png';
const NOTIFICATION_BADGE = '/icons/badge-72.png';

/** A portal window the merchant is looking at: its bell shows the news instead. */
async function visiblePortal(): Promise<WindowClient | undefined> {
  const windows = await self.clients.matchAll({ type: 'window' });
  return windows.find((client) => client.visibilityState === 'visible' && client.focused);
}

/**
 * Shows invite, app-build, payment-due, payment-failed and release pushes (spec section 3), or,
 * with the portal in front, tells it so its bell updates. Failures are only logged (spec section 8).
 */
export function handlePush(event: PushEvent): void {
  const notice = readPushPayload(event.data?.text(), self.location.origin);
  event.waitUntil(
    visiblePortal()
      .then((portal) => {
        if (portal) return portal.postMessage({ type: PUSH_RECEIVED_MESSAGE, notificationType: notice.type });
        return self.registration.showNotification(notice.title, {
          body: notice.body,
          icon: NOTIFICATION_ICON,
          badge: NOTIFICATION_BADGE,
          ...(notice.tag ? { tag: notice.tag } : {}),
          data: { url: notice.url, type: notice.type },
        });
      })
      .catch((error: unknown) => console.warn('Could not show the push notification', error)),
  );
}
