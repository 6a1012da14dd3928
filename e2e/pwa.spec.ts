import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { waitForServiceWorkerControl, type BrowserWindow } from './browser';

test('the service worker registers at the root scope, quietly on a first visit', async ({ page, context, baseURL }) => {
  const registered = context.waitForEvent('serviceworker');
  await page.goto('/');
  const worker = context.serviceWorkers()[0] ?? (await registered);
  expect(new URL(worker.url()).pathname).toBe('/sw.js');
  const scope = await page.evaluate(async () => (await (globalThis as unknown as BrowserWindow).navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/`);
  await waitForServiceWorkerControl(page);
  // A first-visit toast would interrupt a visitor who is registering; only an update is announced.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);
});

test('an offline reload renders the shell, and a previously visited route too', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  // The persisted query cache would answer from localStorage: drop it, so the plans come through
  // the service worker, which keeps the public catalogue.
  await page.evaluate(() => (globalThis as unknown as BrowserWindow).localStorage.removeItem('portal-production'));
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  const planNames = page.getByRole('article').getByRole('heading', { level: 3 });
  await expect(planNames.first()).toBeVisible();
  const plansOnline = await planNames.allTextContents();
  // The public catalogue is kept by the service worker (stale-while-revalidate).
  await expect
    .poll(() => page.evaluate(async () => Boolean(await (globalThis as unknown as BrowserWindow).caches.match('/v1/plans', { cacheName: 'api-catalog' }))))
    .toBe(true);

  await context.setOffline(true);
  // setOffline does not cut the service worker's own fetches; abort those too (docs/toolchain.md).
  await context.route('**', (route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue()));

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await expect(planNames).toHaveText(plansOnline);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();

  await expectAccessible(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeAttached();
  await expectAccessible(page);
});

test('Chromium finds the portal installable', async ({ playwright, launchOptions, baseURL }) => {
  // Test contexts are incognito, where nothing is installable: use a real profile.
  const profile = mkdtempSync(join(tmpdir(), 'portal-e2e-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await expectAccessible(page);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a push message shows its notification while no portal is in front', async ({ page, context, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  await context.grantPermissions(['notifications'], { origin });
  const cdp = await context.newCDPSession(page);
  // The browser is shared by every test, so older contexts' registrations for this origin are
  // reported too: take the registration whose worker controls this very page.
  const versions = new Map<string, { registrationId: string; controlledClients: string[] }>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const version of updated) {
      versions.set(version.versionId, { registrationId: version.registrationId, controlledClients: version.controlledClients ?? [] });
    }
  });
  await cdp.send('ServiceWorker.enable');
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  const controlling = () => [...versions.values()].find((version) => version.controlledClients.includes(targetInfo.targetId))?.registrationId;
  await expect.poll(controlling).toBeTruthy();
  const registrationId = controlling() ?? '';

  const payload = { title: 'You are invited', body: 'Ada invited you to design Ada Shop', url: '/join-project', type: 'invite' };
  // A portal in front updates its bell instead (issue 12): nobody is looking at one here.
  await page.goto('about:blank');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
  await page.goto('/');

  const shown = () =>
    page.evaluate(async () => {
      const registration = await (globalThis as unknown as BrowserWindow).navigator.serviceWorker.ready;
      const notifications = await registration.getNotifications();
      return notifications.map(({ title, body, data }) => ({ title, body, data: data as unknown }));
    });
  await expect.poll(shown).toContainEqual({
    title: payload.title,
    body: payload.body,
    data: { url: `${origin}/join-project`, type: 'invite' },
  });
  await expectAccessible(page);
});
