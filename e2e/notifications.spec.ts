/**
 * Notifications journeys on a server of this spec's own (a SOVEREIGN must publish the engine
 * release that notifies every merchant, and the update journey swaps the built service worker):
 * the bell follows created and resolved notifications, the page filters, a push delivered
 * through CDP shows a notification whose click opens its page, an update never reloads over
 * unsaved work, and the manifest leaves no installability errors.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { AuthResult } from '@contract/auth/schemas';
import { PUSH_RECEIVED_MESSAGE } from '@/sw/messages';
import type { BrowserWindow } from './browser';
import { ownServer } from './own-server';

const own = ownServer('notifications');
const ORIGIN = own.origin;
const { distDir, register } = own;

let admin: AuthResult;
let releases = 0;

async function publishRelease(notes: string): Promise<void> {
  releases += 1;
  const response = await fetch(`${ORIGIN}/v1/engine/releases`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ version: `5.${releases}.${Date.now() % 1000}`, notes }),
  });
  expect(response.status).toBe(200);
}

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  admin = await own.setUpSovereign('Sovereign');
});

test.afterAll(() => own.tearDown());

async function signedInPage(browser: Browser, session: AuthResult): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(
    (stored) => {
      (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored);
    },
    JSON.stringify({ token: session.token }),
  );
  const page = await context.newPage();
  return { context, page };
}

/** The bell, by its label: an open dropdown is modal and hides the rest of the page from the accessibility tree. */
const bell = (page: Page) => page.locator('button[aria-label^="Notifications, "]');

test('the bell counts a new notification at once, and its dropdown and the page follow the rules @cluster', async ({ browser }) => {
  const merchant = await register('Belle');
  const { context, page } = await signedInPage(browser, merchant);
  await page.goto('/');
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications, 0 open');

  await publishRelease('Faster builds for everyone');
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications, 1 open');
  await bell(page).click();
  const dropdown = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dropdown.getByRole('article')).toHaveCount(1);
  await expect(dropdown.getByText('Faster builds for everyone')).toBeVisible();

  // Another portal of the same merchant resolves it: it leaves this dropdown, and the count drops.
  const other = await signedInPage(browser, merchant);
  await other.page.goto('/notifications');
  await expect(other.page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await other.page.getByRole('article').getByRole('button', { name: 'Mark as resolved' }).click();
  await expect(other.page.getByText('No notifications here.')).toBeVisible();
  await expect(dropdown.getByRole('article')).toHaveCount(0);
  await expect(dropdown.getByText('No open notifications')).toBeVisible();
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications, 0 open');

  // The page's filters: resolved ones, then by type.
  await other.page.getByRole('button', { name: 'Resolved' }).click();
  await expect(other.page).toHaveURL(/status=resolved/);
  await expect(other.page.getByRole('article')).toHaveCount(1);
  await other.page.getByRole('article').getByRole('button', { name: 'Reopen' }).click();
  await expect(other.page.getByRole('article')).toHaveCount(0);
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications, 1 open');
  await other.page.getByRole('button', { name: 'All' }).click();
  await other.page.getByRole('combobox', { name: 'Type' }).click();
  await other.page.getByRole('option', { name: 'Invite' }).click();
  await expect(other.page).toHaveURL(/type=invite/);
  await expect(other.page.getByText('No notifications here.')).toBeVisible();

  // Following a release notification opens what is new.
  await page.keyboard.press('Escape');
  await bell(page).click();
  await dropdown.getByRole('link', { name: /is out$/ }).click();
  await expect(page).toHaveURL(/\/notifications\?type=release$/);
  await other.context.close();
  await context.close();
});

test('a push delivered through CDP shows a notification whose click opens its page', async ({ browser }) => {
  const merchant = await register('Pusha');
  const { context, page } = await signedInPage(browser, merchant);
  await context.grantPermissions(['notifications'], { origin: ORIGIN });
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((registration) => registration.scopeURL === `${ORIGIN}/` && !registration.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await page.goto('/');
  await page.evaluate(async () => (globalThis as unknown as BrowserWindow).navigator.serviceWorker.ready);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const shown = () =>
    worker.evaluate(
      async () => (await (globalThis as unknown as { registration: { getNotifications(): Promise<object[]> } }).registration.getNotifications()).length,
    );
  // With the portal in front, its bell has the news: no system notification.
  await page.bringToFront();
  // The worker's answer to a push while the portal is in front: a message to the portal (listened
  // for before the push goes out).
  await page.evaluate((type) => {
    const scope = globalThis as unknown as BrowserWindow & { pushTold?: Promise<void> };
    scope.pushTold = new Promise((resolve) => scope.navigator.serviceWorker.addEventListener('message', (event) => event.data?.type === type && resolve()));
  }, PUSH_RECEIVED_MESSAGE);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: ORIGIN,
    registrationId: await registrationId,
    data: JSON.stringify({ title: 'In front', url: '/billing', type: 'payment-due' }),
  });
  await page.evaluate(() => (globalThis as unknown as { pushTold?: Promise<void> }).pushTold);
  expect(await shown()).toBe(0);
  // Nobody is looking at the portal: the service worker shows a system notification.
  await page.goto('about:blank');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: ORIGIN,
    registrationId: await registrationId,
    data: JSON.stringify({ title: 'Payment failed', body: 'Your card was declined', url: '/billing', type: 'payment-failed', notificationId: 7 }),
  });
  await expect
    .poll(() =>
      worker.evaluate(async () =>
        (
          await (
            globalThis as unknown as { registration: { getNotifications(): Promise<{ title: string; body: string; badge: string }[]> } }
          ).registration.getNotifications()
        ).map((n) => [n.title, n.body, n.badge.endsWith('/icons/badge-72.png')]),
      ),
    )
    .toEqual([['Payment failed', 'Your card was declined', true]]);

  // A click on it (dispatched in the worker as the system would) brings the portal to billing.
  await page.goto('/');
  await expect(bell(page)).toBeVisible();
  await worker.evaluate(async () => {
    const scope = globalThis as unknown as { registration: { getNotifications(): Promise<object[]> }; dispatchEvent(event: Event): boolean };
    const [notification] = await scope.registration.getNotifications();
    const Click = (globalThis as unknown as { NotificationEvent: new (type: string, init: object) => Event }).NotificationEvent;
    const event = new Click('notificationclick', { notification });
    // A synthetic event may not call waitUntil; the system's click may.
    Object.defineProperty(event, 'waitUntil', { value: () => {} });
    scope.dispatchEvent(event);
  });
  await expect(page).toHaveURL(`${ORIGIN}/billing`);
  await context.close();
});

test('a new version waits while a form is dirty, and loads once the work is saved', async ({ browser }) => {
  const merchant = await register('Updater');
  const { context, page } = await signedInPage(browser, merchant);
  await page.goto('/account');
  await page.evaluate(async () => (globalThis as unknown as BrowserWindow).navigator.serviceWorker.ready);
  await page.waitForFunction(() => (globalThis as unknown as BrowserWindow).navigator.serviceWorker.controller !== null);
  await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Edited');
  await page.evaluate(() => ((globalThis as unknown as { unreloaded: boolean }).unreloaded = true));

  // A new build: the service worker's bytes change, and the portal's update check finds it.
  appendFileSync(path.join(distDir, 'sw.js'), `\n// build ${Date.now()}\n`);
  // The server prefers the precompressed copies: without them it serves the new bytes.
  for (const suffix of ['.br', '.gz']) rmSync(path.join(distDir, `sw.js${suffix}`), { force: true });
  await page.evaluate(() => {
    (globalThis as unknown as { document: { dispatchEvent(event: Event): boolean } }).document.dispatchEvent(new Event('visibilitychange'));
  });
  const prompt = page.getByText('A new version is available.');
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByText('Your changes are being kept: the new version loads once they are saved.')).toBeVisible();
  // The new version still waits, unapplied, and the page was not reloaded.
  expect(await page.evaluate(async () => (await (globalThis as unknown as BrowserWindow).navigator.serviceWorker.getRegistration())?.waiting != null)).toBe(
    true,
  );
  expect(await page.evaluate(() => (globalThis as unknown as { unreloaded?: boolean }).unreloaded)).toBe(true);
  await expect(page.getByRole('textbox', { name: 'First Name', exact: true })).toHaveValue('Edited');

  // Saved: the new version loads.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await reloaded;
  expect(await page.evaluate(() => (globalThis as unknown as { unreloaded?: boolean }).unreloaded)).toBeUndefined();
  await context.close();
});

test('the manifest leaves no installability errors; it names the shortcuts and screenshots', async ({ playwright, launchOptions }) => {
  // Test contexts are incognito, where nothing is installable: a real profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-e2e-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL: ORIGIN });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.evaluate(async () => (globalThis as unknown as BrowserWindow).navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
      shortcuts: { name: string; url: string }[];
      screenshots: { src: string }[];
    };
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ['New App', '/new-app/setup'],
      ['My Apps', '/apps'],
      ['Billing', '/billing'],
    ]);
    for (const screenshot of manifest.screenshots) expect((await page.request.get(screenshot.src)).status()).toBe(200);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
