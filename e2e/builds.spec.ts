/**
 * Builds journey (issue 31): a merchant with a saved card orders the app from its details page,
 * choosing a plan in the Order app dialog; the build's stages advance live on the page; the
 * e-mail's link downloads the web app's zip; the shop's web app opens from its link, Chromium
 * finds it installable, and it reloads offline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { expect, test } from '@playwright/test';
import { linksFromEmail, registerThroughApi, signInWithToken, uniqueEmail } from './accounts';
import { waitForServiceWorkerControl } from './browser';
import { addCard } from './cards';
import { shopOf } from './shops';

test('a merchant orders the app, watches its stages live, downloads it from the e-mail, and installs its web app, which opens offline', async ({
  page,
  request,
  playwright,
  launchOptions,
}) => {
  const email = uniqueEmail('builder');
  const { token } = await registerThroughApi(request, 'Builder', email);
  const { alias, name } = await shopOf(request, token, 'Builder', 'Wares');
  await signInWithToken(page, token);
  await page.goto('/payment-methods');
  await addCard(page, '4242 4242 4242 4242');

  // Order app ends the design editor's toolbar; it opens the dialog on the app's page.
  await page.goto(`/new-app/${alias}/design`);
  await page.getByRole('link', { name: 'Order app' }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${alias}\\?order=`));
  // The dialog is modal: the page behind it (the Builds panel) is hidden from the accessibility tree until it closes.
  const dialog = page.getByRole('dialog', { name: 'Order app' });
  await dialog.getByRole('radio', { name: /^Starter: / }).check();
  await expect(dialog.getByText('Visa •••• 4242')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Engine release' })).toHaveText(/3\.2\.0/);

  // Every value the overall progress bar takes on the open page, without a reload.
  await page.evaluate(`(() => {
    const seen = new Set();
    window.progressSeen = seen;
    const read = () => {
      const value = document.querySelector('[aria-label^="Overall progress of build"]')?.getAttribute('aria-valuenow');
      if (value) seen.add(value);
      requestAnimationFrame(read);
    };
    read();
  })()`);
  await dialog.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByText('Your app is being built')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Builds' })).toBeVisible();
  const builds = page.locator('#builds');
  await expect(builds.getByRole('heading', { name: 'Build #1' })).toBeVisible();
  await expect(builds.getByText('Ready', { exact: true })).toBeVisible({ timeout: 30_000 });
  const stages = builds.getByRole('list', { name: 'Stages of build 1' });
  for (const label of ['Queued', 'Checking the design', 'Generating the apps', 'Packaging', 'Delivering'])
    await expect(stages.getByText(label, { exact: true })).toBeVisible();
  const seen = await page.evaluate<string[]>('[...window.progressSeen]');
  expect(seen.length, `progress values seen: ${seen.join(', ')}`).toBeGreaterThan(2);
  expect(seen).toContain('100');
  await expect(builds.getByRole('link', { name: 'Download Installable web app (zip)' })).toBeVisible();
  await expect(builds.getByRole('link', { name: 'Download Native project (Expo, zip)' })).toBeVisible();
  // The app's page has its own Order app too, for the next build.
  await expect(page.getByRole('button', { name: 'Order app' })).toBeVisible();

  // The e-mail: the web app's address, and a signed link per file that downloads it.
  const links = await linksFromEmail(email, /is built/);
  const webAppUrl = links.find((link) => link.endsWith(`/shops/${alias}/app/`));
  expect(webAppUrl).toBeTruthy();
  const downloads = links.filter((link) => link.includes('/v1/builds/artifacts/'));
  expect(downloads).toHaveLength(2);
  const zips = await Promise.all(downloads.map(async (link) => request.get(link)));
  const entries = await Promise.all(
    zips.map(async (zip) => {
      expect(zip.status()).toBe(200);
      expect(zip.headers()['content-type']).toBe('application/zip');
      return Object.keys(unzipSync(new Uint8Array(await zip.body())));
    }),
  );
  const webZip = entries.find((names) => names.some((entry) => entry.endsWith('/manifest.webmanifest')));
  expect(webZip).toBeTruthy();
  expect(entries.some((names) => names.some((entry) => entry.endsWith('/app.json')))).toBe(true);

  // The web app from its link: installable (a real profile: test contexts are incognito), and offline after one visit.
  const profile = mkdtempSync(join(tmpdir(), 'portal-e2e-shop-app-'));
  const context = await playwright.chromium.launchPersistentContext(profile, launchOptions);
  try {
    const app = context.pages()[0] ?? (await context.newPage());
    await app.goto(webAppUrl ?? '');
    await expect(app).toHaveTitle(name);
    await expect(app.getByRole('heading', { level: 2, name: new RegExp(`^${name.slice(0, 12)}`) })).toBeVisible();
    await waitForServiceWorkerControl(app);
    const cdp = await context.newCDPSession(app);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    await context.setOffline(true);
    await app.reload();
    await expect(app.getByRole('heading', { level: 2, name: new RegExp(`^${name.slice(0, 12)}`) })).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
