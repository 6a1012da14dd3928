/**
 * Service worker registration (workbox-window) and the two moments the page tells the
 * user about: a new version waiting, and the first install being ready offline.
 * Failures are only logged (spec section 8).
 */
import { Workbox } from 'workbox-window';

export type PwaEvent = 'update-waiting' | 'offline-ready';
type Listener = () => void;

const listeners: Record<PwaEvent, Set<Listener>> = { 'update-waiting': new Set(), 'offline-ready': new Set() };
/** Events already seen: a late subscriber still hears about them. */
const happened = new Set<PwaEvent>();
let workbox: Workbox | undefined;

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

/** Registers /sw.js once, in production builds only (the dev server has no service worker). */
export function registerServiceWorker(): void {
  if (workbox || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => emit('update-waiting'));
  workbox.addEventListener('installed', (event) => {
    if (!event.isUpdate) emit('offline-ready');
  });
  workbox.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
