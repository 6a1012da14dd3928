/**
 * Service worker registration (workbox-window) and the moment the page tells the user about: a
 * new version waiting. The first install says nothing: a toast then would interrupt a visitor
 * who is registering, and working offline needs nothing from them.
 * Failures are only logged (spec section 8).
 *
 * workbox-window is imported only after the window's load event: registering a service worker
 * is never needed for the first paint, so it stays out of the homepage's initial JS.
 */
import type { Workbox } from 'workbox-window';

export type PwaEvent = 'update-waiting';
type Listener = () => void;

const listeners: Record<PwaEvent, Set<Listener>> = { 'update-waiting': new Set() };
/** Events already seen: a late subscriber still hears about them. */
const happened = new Set<PwaEvent>();
let workbox: Workbox | undefined;
let registration: Promise<void> | undefined;

function emit(event: PwaEvent): void {
  happened.add(event);
  for (const listener of listeners[event]) listener();
}

/** Calls `listener` when `event` happens (at once if it already has); returns the unsubscribe. */
export function subscribePwa(event: PwaEvent, listener: Listener): () => void {
  listeners[event].add(listener);
  if (happened.has(event)) listener();
  return () => {
    listeners[event].delete(listener);
  };
}

/** Resolves once the page has loaded (at once if it already has). */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Registers /sw.js once, in production builds only (the dev server has no service worker),
 * after the page has loaded. The promise settles once registration has been started; it never
 * rejects (failures are logged).
 */
export function registerServiceWorker(): Promise<void> {
  if (registration) return registration;
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return Promise.resolve();
  registration = pageLoaded()
    .then(() => import('workbox-window'))
    .then(({ Workbox }) => {
      const instance = new Workbox('/sw.js', { scope: '/' });
      workbox = instance;
      instance.addEventListener('waiting', () => emit('update-waiting'));
      instance.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
  return registration;
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
