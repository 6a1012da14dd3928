/**
 * The slice of the browser API the journeys use inside page.evaluate.
 * The e2e files compile with the Node libraries only (server/tsconfig.json), so the DOM
 * types are not there; this keeps those callbacks typed without leaking DOM globals into
 * the server's program. Type-only: evaluate() callbacks cannot import at run time.
 */
import type { Page } from '@playwright/test';

interface ShownNotification {
  title: string;
  body: string;
  data: unknown;
}

interface Registration {
  scope: string;
  getNotifications(): Promise<ShownNotification[]>;
}

interface WebStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface BrowserWindow {
  localStorage: WebStorage;
  sessionStorage: WebStorage;
  navigator: {
    serviceWorker: {
      ready: Promise<Registration>;
      controller: object | null;
      getRegistration(): Promise<{ waiting: object | null } | undefined>;
      addEventListener(type: 'message', listener: (event: { data?: { type?: string } }) => void): void;
    };
  };
  caches: { match(url: string, options: { cacheName: string }): Promise<object | undefined> };
  scrollY: number;
  getComputedStyle(element: unknown): { backgroundColor: string };
  scrollTo(x: number, y: number): void;
}

/** Waits until the service worker is active and controls the page (precache complete). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (globalThis as unknown as BrowserWindow).navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => (globalThis as unknown as BrowserWindow).navigator.serviceWorker.controller !== null);
}
