import { safeNotificationUrl } from './notification-payload';

declare let self: ServiceWorkerGlobalScope;

/** Focuses the window already on the notification's page, else any portal window (sent there), else opens one. */
async function openNotificationUrl(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const onPage = windows.find((client) => client.url === url);
  if (onPage) {
    await onPage.focus();
    return;
  }
  const portalWindow = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (portalWindow) {
    // Navigate first: focus() needs the click's user activation, and refusing it must not keep the page where it was.
    const navigated = await portalWindow.navigate(url).catch((error: unknown) => console.warn('Could not navigate the portal window', error));
    await (navigated ?? portalWindow).focus().catch((error: unknown) => console.warn('Could not focus the portal window', error));
    return;
  }
  await self.clients.openWindow(url);
}

export function handleNotificationClick(event: NotificationEvent): void {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const url = safeNotificationUrl(data?.url, self.location.origin);
  event.waitUntil(openNotificationUrl(url).catch((error: unknown) => console.warn('Could not open the notification', error)));
}
