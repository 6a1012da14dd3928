/**
 * Live design sync (issue #10): two browser contexts see each other's edits through the live
 * preview; an edit made offline (the service worker's own fetches cut too) arrives after
 * reconnect; a reload keeps everything; the preview URL (previewUrl) opened elsewhere follows.
 */
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { registerThroughApi, uniqueEmail } from './accounts';
import type { BrowserWindow } from './browser';
import { inSync, liveStatus, toolbarBackground } from './live-preview';
import { merchantWithShop } from './shops';

async function signIn(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((stored) => (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored), JSON.stringify({ token }));
}

/** The owner shares the design (a new app's public link is off): anyone with the link may watch it. */
async function share(request: APIRequestContext, token: string, alias: string): Promise<void> {
  expect((await request.put(`/v1/shops/${alias}/sharing`, { headers: { Authorization: `Bearer ${token}` }, data: { publicLink: true } })).status()).toBe(200);
}

test("two contexts see each other's edits live, and a reload keeps them @cluster", async ({ browser, request }) => {
  const { token, alias } = await merchantWithShop(request);
  const [first, second] = [await browser.newContext(), await browser.newContext()];
  await signIn(first, token);
  await signIn(second, token);
  const [a, b] = [await first.newPage(), await second.newPage()];
  await a.goto(`/test/preview?t=${alias}`);
  await b.goto(`/test/preview?t=${alias}`);
  await inSync(a, 0);
  await inSync(b, 0);

  await a.getByLabel('Primary colour').fill('#ff0000');
  await inSync(b, 1);
  await expect.poll(() => toolbarBackground(b)).toContain('rgb(255, 0, 0)');

  await b.getByLabel('Primary colour').fill('#0000ff');
  await inSync(a, 2);
  await expect.poll(() => toolbarBackground(a)).toContain('rgb(0, 0, 255)');

  await a.reload();
  await inSync(a, 2);
  await expect.poll(() => toolbarBackground(a)).toContain('rgb(0, 0, 255)');
  await first.close();
  await second.close();
});

test('an edit made offline is kept, survives a reload, and arrives after reconnect', async ({ browser, request }) => {
  const { token, alias } = await merchantWithShop(request);
  const editing = await browser.newContext();
  await signIn(editing, token);
  const page = await editing.newPage();
  await page.goto(`/test/preview?t=${alias}`);
  await inSync(page, 0);
  await page.evaluate(async () => {
    await (globalThis as unknown as BrowserWindow).navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => (globalThis as unknown as BrowserWindow).navigator.serviceWorker.controller !== null);

  // Offline, the service worker's own fetches cut too (docs/toolchain.md).
  await editing.route('**', (route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue()));
  await editing.setOffline(true);
  await expect(liveStatus(page)).toHaveText(/^Offline/);
  await page.getByLabel('Primary colour').fill('#00ff00');
  await expect(liveStatus(page)).toHaveText('Offline: 1 edit waiting');
  await expect.poll(() => toolbarBackground(page)).toContain('rgb(0, 255, 0)');

  // A reload while offline: the waiting edit is still shown (it lives in IndexedDB).
  await page.reload();
  await expect(liveStatus(page)).toHaveText('Offline: 1 edit waiting');
  await expect.poll(() => toolbarBackground(page)).toContain('rgb(0, 255, 0)');

  await share(request, token, alias);
  const watcher = await browser.newContext();
  const other = await watcher.newPage();
  await other.goto(`/test/preview?t=${alias}`);
  await inSync(other, 0);

  await editing.setOffline(false);
  await editing.unrouteAll();
  await inSync(page, 1);
  await inSync(other, 1);
  await expect.poll(() => toolbarBackground(other)).toContain('rgb(0, 255, 0)');
  await editing.close();
  await watcher.close();
});

test('the preview URL opened in another context follows an edit live; a stranger cannot write', async ({ browser, request }) => {
  const { token, alias } = await merchantWithShop(request);
  await share(request, token, alias);
  const originAnswer = await request.get('/v1/realtime/preview-origin', { headers: { Authorization: `Bearer ${token}` } });
  expect(originAnswer.status()).toBe(200);
  const phone = await browser.newContext();
  const page = await phone.newPage();
  // The URL a QR code carries: short query, defaults left out.
  await page.goto(`/test/preview?t=${alias}&c=health_beauty`);
  await inSync(page, 0);
  await expect(page.getByLabel('Primary colour')).toHaveCount(0);

  const edit = await request.post('/v1/realtime/edits', {
    headers: { Authorization: `Bearer ${token}` },
    data: { editId: `e2e${Date.now().toString(36)}qr`, updates: { [`apps/production/${alias}/0/data/toolBar/gradient/colors`]: ['#FF00FFFF', '#FF00FFFF'] } },
  });
  expect(edit.status()).toBe(200);
  await inSync(page, 1);
  await expect.poll(() => toolbarBackground(page)).toContain('rgb(255, 0, 255)');

  // Another merchant's edit is refused and the refusal shows; nothing is stored.
  const stranger = await registerThroughApi(request, 'Ngozi', uniqueEmail('ngozi'));
  const strangerContext = await browser.newContext();
  await signIn(strangerContext, stranger.token);
  const strangerPage = await strangerContext.newPage();
  await strangerPage.goto(`/test/preview?t=${alias}`);
  await inSync(strangerPage, 1);
  await strangerPage.getByLabel('Primary colour').fill('#123456');
  await expect(strangerPage.getByRole('alert')).toContainText('permission');
  await inSync(strangerPage, 1);
  await inSync(page, 1);
  await phone.close();
  await strangerContext.close();
});
