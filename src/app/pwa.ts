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
import { hasUnsavedWork, whenWorkSaved } from '@/lib/unsaved-work';

type PwaEvent = 'update-waiting' | 'install-available' | 'installed';
type Listener = () => void;

/** How often an open portal asks whether a new version is out (also when it comes back into view). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

const listeners: Record<PwaEvent, Set<Listener>> = { 'update-waiting': new Set(), 'install-available': new Set(), installed: new Set() };
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
      const check = () => void instance.update().catch((error: unknown) => console.warn('Update check failed', error));
      setInterval(check, UPDATE_CHECK_INTERVAL_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
  return registration;
}

/**
 * Activates the waiting version and reloads once it controls the page, but never while work is
 * unsaved (a dirty form, design edits in the outbox): then it waits until that work is saved.
 * Resolves with whether it had to wait.
 */
export async function applyUpdate(): Promise<boolean> {
  if (!workbox) return false;
  const waited = hasUnsavedWork();
  await whenWorkSaved();
  const instance = workbox;
  instance.addEventListener('controlling', () => {
    if (hasUnsavedWork()) void whenWorkSaved().then(() => window.location.reload());
    else window.location.reload();
  });
  instance.messageSkipWaiting();
  return waited;
}

/** The browser's install prompt, kept for the install button (Chromium browsers only). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}
let installPrompt: InstallPromptEvent | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPrompt = event as InstallPromptEvent;
    emit('install-available');
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    emit('installed');
  });
}

export function canPromptInstall(): boolean {
  return installPrompt !== null;
}

/** Shows the browser's install prompt; true when the merchant accepted. */
export async function promptInstall(): Promise<boolean> {
  const prompt = installPrompt;
  if (!prompt) return false;
  installPrompt = null;
  await prompt.prompt();
  return (await prompt.userChoice).outcome === 'accepted';
}

/** iOS Safari has no install prompt: the portal shows the Add to Home Screen steps instead. */
export function needsIosInstallSteps(userAgent: string = navigator.userAgent, standalone = (navigator as { standalone?: boolean }).standalone): boolean {
  return /iphone|ipad|ipod/i.test(userAgent) && standalone !== true;
}
