/**
 * The portal's one service worker (docs/architecture.md: it also receives push, two workers
 * would fight over updates). Precaches the built shell, answers every app navigation with
 * the precached index.html, keeps public catalogue reads and images for offline use.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { handleDesignSync } from './design-sync';
import { handleNotificationClick } from './notification-click';
import { handlePush } from './push';
import { isCatalogRequest, NAVIGATION_DENYLIST } from './routes';

declare let self: ServiceWorkerGlobalScope;

const DAY_SECONDS = 24 * 60 * 60;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

registerRoute(
  ({ url, request }) => request.method === 'GET' && isCatalogRequest(url, self.location.origin),
  new StaleWhileRevalidate({
    cacheName: 'api-catalog',
    plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * DAY_SECONDS })],
  }),
);

registerRoute(
  ({ request }) => request.destination === 'image',
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true })],
  }),
);

// A new version waits until the page's update prompt says so (src/app/PwaUpdatePrompt.tsx).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

self.addEventListener('push', handlePush);
self.addEventListener('notificationclick', handleNotificationClick);
self.addEventListener('sync', handleDesignSync);
