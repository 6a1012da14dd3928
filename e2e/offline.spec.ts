/**
 * Offline reloads (issue 27): the screens a merchant has used open after a real reload without a
 * network (the service worker's own fetches cut too), signed in and with their last data; the
 * design editor opened by its address shows the merchant's own design with the edit queued
 * offline on top; a design or page this device never had says so; back online, it all catches up.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import type { BrowserWindow } from './browser';
import { merchantWithShop, shopOf } from './shops';

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

async function signIn(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((stored) => (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored), JSON.stringify({ token }));
}

/** The service worker is active and controls the page (the shell is precached). */
async function serviceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (globalThis as unknown as BrowserWindow).navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => (globalThis as unknown as BrowserWindow).navigator.serviceWorker.controller !== null);
}

/** No network, for the page and for the service worker's own fetches (docs/toolchain.md). */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**', (route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue()));
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await context.unrouteAll();
}

/** Opens `path` by its address (offline: a reload the service worker answers), then waits until
 * the start's own refetches have been written to the persisted cache, as the next reload reads it. */
async function open(page: Page, path: string): Promise<void> {
  const since = await page.evaluate(() => Date.now());
  await page.goto(path);
  await expect
    .poll(() =>
      page.evaluate(
        () => (JSON.parse((globalThis as unknown as BrowserWindow).localStorage.getItem('portal-production') ?? '{}') as { timestamp?: number }).timestamp ?? 0,
      ),
    )
    .toBeGreaterThan(since);
}

const signedIn = (page: Page) => page.getByRole('button', { name: 'Account menu' });
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const preview = (page: Page) => page.getByTestId('design-preview');
const toolbar = (page: Page) => preview(page).locator('header').first();
const toolbarBackground = (page: Page) =>
  toolbar(page).evaluate(
    (element) => (globalThis as unknown as { getComputedStyle(node: unknown): { backgroundImage: string } }).getComputedStyle(element).backgroundImage,
  );
const status = (page: Page) => page.getByTestId('design-status');
/** Stored at revision `revision`: the status says all is saved (the number is the page's data). */
async function savedAt(page: Page, revision: number | RegExp): Promise<void> {
  await expect(status(page)).toHaveText('All changes saved');
  await expect(status(page)).toHaveAttribute('data-revision', typeof revision === 'number' ? String(revision) : revision);
}

async function setColour(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Enter');
}

test('My Apps, app details, notifications and the account reload offline, signed in, with their last data; back online the portal catches up', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { token, alias, name } = await merchantWithShop(request, 'Ada', 'Fabrics');
  const context = await browser.newContext();
  await signIn(context, token);
  const page = await context.newPage();

  // Online, the merchant uses each screen once.
  await page.goto('/apps');
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await serviceWorkerControls(page);
  await page.goto(`/apps/${alias}`);
  await expect(page.getByText('The design has not been saved yet. Open the design to start.')).toBeVisible();
  await page.goto('/notifications');
  await expect(heading(page, 'Notifications')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('textbox', { name: 'First Name', exact: true })).toHaveValue('Ada');
  await page.goto('/apps');
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

  // Offline, each screen reloaded by its address; each start's failed refetches are persisted
  // before the next, as they would be between a merchant's reloads.
  await goOffline(context);
  await open(page, '/apps');
  await expect(heading(page, 'My Apps')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(signedIn(page)).toHaveText('AM');

  await open(page, `/apps/${alias}`);
  await expect(heading(page, 'App details')).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText('The design has not been saved yet. Open the design to start.')).toBeVisible();
  await expect(signedIn(page)).toBeVisible();

  await open(page, '/notifications');
  await expect(heading(page, 'Notifications')).toBeVisible();
  await expect(signedIn(page)).toBeVisible();

  await open(page, '/account');
  await expect(page.getByRole('textbox', { name: 'First Name', exact: true })).toHaveValue('Ada');
  // Money is never kept on the device: the page says so instead of failing.
  await expect(page.getByText('Your credit is not kept on this device: it shows when you are back online.')).toBeVisible();

  await open(page, '/apps');
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(signedIn(page)).toHaveText('AM');
  await expect(page.getByRole('link', { name: 'Sign In/Up' })).toHaveCount(0);
  await expectAccessible(page);

  // Meanwhile the merchant's name changed elsewhere: back online, the portal reloads what the
  // offline start could not, by itself.
  const auth = { Authorization: `Bearer ${token}` };
  const me = ((await (await request.get('/v1/user/me', { headers: auth })).json()) as { data: { id: number } }).data;
  expect((await request.put(`/v1/user/${me.id}`, { headers: auth, data: { firstName: 'Zainab' } })).status()).toBe(200);
  await goOnline(context);
  await expect(signedIn(page)).toHaveText('ZM');
  await context.close();
});

test('the editor opened by its address offline shows the merchant’s own design, with an edit queued offline on top', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { token, alias, name, logo } = await merchantWithShop(request, 'Ada', 'Fabrics');
  const context = await browser.newContext();
  await signIn(context, token);
  const page = await context.newPage();

  // Online: the first visit stores the shop's design (its name and logo); the merchant makes it purple.
  await page.goto(`/new-app/${alias}/design`);
  await savedAt(page, /^[1-9]\d*$/);
  await serviceWorkerControls(page);
  const seeded = Number(await status(page).getAttribute('data-revision'));
  await page.getByRole('tab', { name: 'General' }).click();
  await setColour(page, 'Primary', '#8E24AAFF');
  await expect.poll(() => toolbarBackground(page)).toContain('rgb(142, 36, 170)');
  await savedAt(page, seeded + 1);
  await page.goto('/apps');
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

  // Offline, the editor opened by its address: the merchant's design, not the built-in one.
  await goOffline(context);
  await page.goto(`/new-app/${alias}/design`);
  await expect(heading(page, 'Design your app')).toBeVisible();
  await expect(status(page)).toHaveText('Offline');
  await expect(preview(page).getByRole('img', { name: `${name} logo` })).toHaveAttribute('src', logo);
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByLabel('Primary', { exact: true })).toHaveValue('#8E24AAFF');
  await expect.poll(() => toolbarBackground(page)).toContain('rgb(142, 36, 170)');

  // An edit made offline waits; another reload shows it over the last design.
  await expect(toolbar(page).getByRole('button', { name: 'Menu' })).toBeVisible();
  await page.getByLabel('Bottom nav bar', { exact: true }).check();
  await expect(status(page)).toHaveText('Offline: 1 edit waiting');
  await page.reload();
  await expect(status(page)).toHaveText('Offline: 1 edit waiting');
  await expect(preview(page).getByRole('img', { name: `${name} logo` })).toHaveAttribute('src', logo);
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByLabel('Bottom nav bar', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Primary', { exact: true })).toHaveValue('#8E24AAFF');
  await expect.poll(() => toolbarBackground(page)).toContain('rgb(142, 36, 170)');
  await expect(toolbar(page).getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await expectAccessible(page);

  // Back online, the waiting edit is stored.
  await goOnline(context);
  await savedAt(page, seeded + 2);
  await context.close();
});

test('offline, a design or a page this device never had says so, and opens once back online', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { token, alias, name } = await merchantWithShop(request, 'Ngozi', 'Crafts');
  const other = await shopOf(request, token, 'Ngozi', 'Prints');
  const context = await browser.newContext();
  await signIn(context, token);
  const page = await context.newPage();

  // Online: the app's details only, never its design editor, and never the other app.
  await page.goto(`/apps/${alias}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText('The design has not been saved yet. Open the design to start.')).toBeVisible();
  await serviceWorkerControls(page);

  // Offline, an app this device never had: the page says so, and loads by itself once back online.
  await goOffline(context);
  await page.goto(`/apps/${other.alias}`);
  await expect(heading(page, 'App details')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'This page has not been opened on this device yet, so it cannot be shown while you are offline. Connect to the internet and try again.',
  );
  await expect(signedIn(page)).toBeVisible();
  await goOnline(context);
  await expect(page.getByText(other.name).first()).toBeVisible();

  // Offline, the editor of an app whose details this device has but never its design: no made-up
  // design, a plain message (the live preview's too); back online the design opens by itself.
  await goOffline(context);
  // The live preview a phone opens says the same.
  await page.goto(`/test/preview?t=${alias}`);
  await expect(heading(page, 'Not available offline')).toBeVisible();
  await expect(page.getByText('This design has not been opened on this device yet')).toBeVisible();
  await page.goto(`/new-app/${alias}/design`);
  await expect(heading(page, 'Design your app')).toBeVisible();
  const missing = page.getByRole('alert').filter({ hasText: 'This design has not been opened on this device yet' });
  await expect(missing).toHaveText(/so it cannot be shown while you are offline\. Nothing is lost: it opens here as soon as you are back online\./);
  await expect(missing.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(preview(page)).toHaveCount(0);
  await expectAccessible(page);
  await goOnline(context);
  // The realtime connection retries with a growing delay (at most a few seconds).
  await expect(status(page)).toHaveText('All changes saved', { timeout: 20_000 });
  await expect(preview(page).getByRole('img', { name: `${name} logo` })).toBeVisible();
  await context.close();
});
