/**
 * The first half of a merchant's journey (issue 8): Get Started -> login -> shop setup with each
 * check of spec section 5 in turn -> 'Project created!' -> categories -> the design route;
 * a reload in the middle resumes; an unknown alias is not a page; the setup page offline.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { PASSWORD, registerThroughApi, uniqueEmail } from './accounts';
import type { BrowserWindow } from './browser';

const PRODUCTS = join(process.cwd(), 'public', 'catalogue', 'products');
/** A real picture of the repo's sample catalogue, as the merchant's logo. */
const LOGO = join(PRODUCTS, readdirSync(PRODUCTS).find((name) => name.endsWith('.webp')) ?? '');

async function createProject(page: Page) {
  await page.getByRole('button', { name: 'Create project' }).click();
}

async function expectMessage(page: Page, message: string) {
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
}

test('Get Started -> login -> setup, each check in turn -> Project created! -> categories (resumed after reload) -> design', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('chioma');
  await registerThroughApi(request, 'Chioma', email);
  const shopName = `Chioma Fabrics ${Date.now().toString(36)}`;

  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Issue 27: a visitor starting an app usually has no account: the modal opens on Register.
  await expect(dialog.getByRole('tab', { name: 'Register', selected: true })).toBeVisible();
  await dialog.getByRole('tab', { name: 'Login' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('textbox', { name: /^Password/ }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/new-app\/setup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your shop' })).toBeVisible();
  await expectAccessible(page);

  await createProject(page);
  await expectMessage(page, 'Please set up your business');

  await page.getByLabel('Business name').fill('ab');
  await createProject(page);
  await expectMessage(page, 'Please enter a business name');

  await page.getByLabel('Business name').fill(shopName);
  await expect(page.getByText(/^Available:/)).toBeVisible();
  await createProject(page);
  await expectMessage(page, 'Please upload a business logo');

  await page.getByLabel('Logo file').setInputFiles(LOGO);
  const crop = page.getByRole('dialog', { name: 'Crop your logo' });
  await expect(crop).toBeVisible();
  await crop.getByRole('button', { name: 'Use this logo' }).click();
  await expect(page.getByText('Logo uploaded.')).toBeVisible();
  await createProject(page);
  await expectMessage(page, 'Please enter a business address');

  await page.getByLabel('Business address').fill('Lago');
  await page.getByRole('option', { name: 'Lagos, Nigeria' }).click();
  await createProject(page);
  await expectMessage(page, 'Please select a currency for your business');

  // The address is in Nigeria: the naira is offered first.
  await page.getByLabel('Currency').click();
  const first = page.getByRole('option').first();
  await expect(first).toHaveText(/^NGN \(₦\)/);
  await first.click();
  await expectAccessible(page);
  await createProject(page);

  await expect(page.getByText('Project created!')).toBeVisible();
  await expect(page).toHaveURL(/\/new-app\/category-selection\?alias=chioma-fabrics-/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your categories' })).toBeVisible();
  const alias = new URL(page.url()).searchParams.get('alias') ?? '';

  await page.getByRole('button', { name: 'Continue to design' }).click();
  await expectMessage(page, 'Please select the categories your shop sells');
  await page.getByRole('button', { name: 'Fashion', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Fashion', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const categories = page.getByRole('group', { name: 'Categories of interest' });
  await categories.getByRole('button').first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expectAccessible(page);

  // Leaving half way: the selection lives on the server.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Fashion', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(categories.locator('[aria-pressed="true"]')).toHaveCount(1);

  // Its categories are chosen: the setup page no longer offers to continue it.
  await page.goto('/new-app/setup');
  await expect(page.getByText(/You started setting up/)).toHaveCount(0);

  await page.goto(`/new-app/category-selection?alias=${alias}`);
  await page.getByRole('button', { name: 'Continue to design' }).click();
  await expect(page).toHaveURL(`/new-app/${alias}/design`);
  await expect(page.getByRole('heading', { level: 1, name: 'Design your app' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: shopName })).toBeVisible();
  // The design editor opens on the shop's own design (its journeys: e2e/design-editor.spec.ts).
  await expect(page.getByRole('tablist', { name: 'Design sections' })).toBeVisible();
  await expectAccessible(page);

  // The same name cannot be taken twice: said before submitting.
  await page.goto('/new-app/setup');
  await page.getByLabel('Business name').fill(shopName);
  await expect(page.getByText('A shop with this name already exists. Please choose another name.')).toBeVisible();
});

test('a half-set-up shop is offered again on the setup page; categories need the shop; an unknown alias is not a page', async ({ page, request }) => {
  const email = uniqueEmail('bayo');
  const { token } = await registerThroughApi(request, 'Bayo', email);
  await page.addInitScript((stored) => (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored), JSON.stringify({ token }));

  await page.goto('/new-app/category-selection');
  await expect(page).toHaveURL('/new-app/setup');

  await page.goto('/new-app/no-such-shop/design');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.goto('/new-app/category-selection?alias=no-such-shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  // A shop created elsewhere (another device), its categories not yet chosen.
  const auth = { Authorization: `Bearer ${token}` };
  const upload = await request.post('/v1/shop-media', { headers: { ...auth, 'Content-Type': 'image/webp', 'X-File-Name': 'logo.webp' }, data: readLogo() });
  expect(upload.status()).toBe(200);
  const logo = ((await upload.json()) as { data: { url: string } }).data.url;
  const currencies = ((await (await request.get('/v1/currencies', { headers: auth })).json()) as { data: { id: number }[] }).data;
  const created = await request.post('/v1/shops', {
    headers: auth,
    data: { name: `Bayo Gadgets ${Date.now().toString(36)}`, logo, latitude: 7.3775, longitude: 3.947, shopCurrency: { currencyId: currencies[0]?.id } },
  });
  expect(created.status()).toBe(201);
  await page.goto('/new-app/setup');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/new-app\/category-selection\?alias=bayo-gadgets-/);
  await expect(page.getByRole('heading', { level: 2, name: /What does Bayo Gadgets/ })).toBeVisible();
});

function readLogo(): Buffer {
  return readFileSync(LOGO);
}

test('the setup page offline says a shop cannot be created without a connection', async ({ page, context, request }) => {
  const email = uniqueEmail('efe');
  const { token } = await registerThroughApi(request, 'Efe', email);
  await page.addInitScript((stored) => (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored), JSON.stringify({ token }));
  await page.goto('/new-app/setup');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your shop' })).toBeVisible();
  await page.evaluate(async () => {
    await (globalThis as unknown as BrowserWindow).navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => (globalThis as unknown as BrowserWindow).navigator.serviceWorker.controller !== null);
  // Open the currency list once online: the service worker keeps the catalogue it has seen.
  await page.getByLabel('Currency').click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await context.setOffline(true);
  await context.route('**', (route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue()));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your shop' })).toBeVisible();
  await expect(page.getByText(/You are offline\. A new shop can only be created with a connection/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create project' })).toBeDisabled();
  await page.getByLabel('Currency').click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expectAccessible(page);
});
