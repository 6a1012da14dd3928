import { expect, test, type Page } from '@playwright/test';
import type { Plan } from '@contract/catalog';
import type { Envelope } from '@contract/envelope';
import type { BrowserWindow } from './browser';

/** Every route of spec section 2 with sample params, and the heading its page opens with. */
const ROUTES: ReadonlyArray<[path: string, heading: string | RegExp]> = [
  ['/', /mobile app/i],
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/templates', 'Templates'],
  ['/templates/create-template', 'Create a template'],
  ['/templates/tpl-1/edit', 'Edit template'],
  ['/templates/tpl-1/preview', 'Template preview'],
  ['/billing', 'Billing'],
  ['/payment-methods', 'Payment Methods'],
  ['/new-app/setup', 'Set up your shop'],
  ['/new-app/category-selection', 'Choose your categories'],
  ['/new-app/ada-shop/design', 'Design your app'],
  ['/join-project', 'Join a project'],
  ['/apps/ada-shop/public', 'Shared project'],
  ['/notifications', 'Notifications'],
  ['/apps', 'My Apps'],
  ['/apps/ada-shop', 'App details'],
  ['/payments', 'Payments'],
  ['/payments/ada-shop', 'App payments'],
  ['/payments/actions/resolution', 'Pending payments'],
  ['/about-us', 'About Us'],
  ['/terms', 'Terms'],
  ['/faq', 'Frequently asked questions'],
  ['/contact-us', 'Contact Us'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/email/verify', 'Verify your email'],
  ['/password/reset', 'Reset your password'],
  ['/account', 'Your account'],
  ['/test/preview', 'Test preview'],
];

/** The shell of spec section 2: nav bar with its links, footer with Information and Company. */
async function expectShell(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: 'ShopApp Studio' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Information' })).toBeAttached();
  const company = footer.getByRole('navigation', { name: 'Company' });
  for (const label of ['About Us', 'Contact Us', 'Terms', 'Privacy Policy', 'FAQs']) {
    await expect(company.getByRole('link', { name: label, exact: true })).toBeAttached();
  }
}

for (const [path, heading] of ROUTES) {
  test(`${path} renders "${String(heading)}" inside the shell`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0);
    await expectShell(page);
  });
}

test('an unknown path shows the not-found page inside the shell', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectShell(page);
  await page.getByRole('link', { name: 'Go to the homepage' }).click();
  await expect(page).toHaveURL('/');
});

test('/new-app redirects to /new-app/setup', async ({ page }) => {
  await page.goto('/new-app');
  await expect(page).toHaveURL('/new-app/setup');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your shop' })).toBeVisible();
});

test('the nav bar turns solid after 50 px of scrolling', async ({ page }) => {
  await page.goto('/');
  const bar = page.getByRole('banner');
  const background = () => bar.evaluate((element) => (globalThis as unknown as BrowserWindow).getComputedStyle(element).backgroundColor);
  await expect.poll(background).toBe('rgba(0, 0, 0, 0)');

  await page.evaluate(() => (globalThis as unknown as BrowserWindow).scrollTo(0, 40));
  await page.waitForFunction(() => (globalThis as unknown as BrowserWindow).scrollY === 40);
  await expect.poll(background).toBe('rgba(0, 0, 0, 0)');

  await page.evaluate(() => (globalThis as unknown as BrowserWindow).scrollTo(0, 200));
  await expect.poll(background).toMatch(/^rgb\(\d+, \d+, \d+\)$/);

  await page.evaluate(() => (globalThis as unknown as BrowserWindow).scrollTo(0, 0));
  await expect.poll(background).toBe('rgba(0, 0, 0, 0)');
});

test("a visitor sees 'Sign In/Up', which opens the login prompt", async ({ page }) => {
  await page.goto('/features');
  const signIn = page.getByRole('link', { name: 'Sign In/Up' });
  await expect(signIn).toBeVisible();
  await signIn.click();
  await expect(page).toHaveURL(/[?&]login-modal=true/);
});

test('the side drawer lists Login/Register, Features, Pricing and Templates for a visitor', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.locator('#side-drawer');
  for (const label of ['Login/Register', 'Features', 'Pricing', 'Templates']) {
    await expect(drawer.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(drawer.getByText('My Apps', { exact: true })).toHaveCount(0);
});

test('pricing shows the plans the API serves', async ({ page, request }) => {
  await page.goto('/pricing');
  // Anonymous calls carry the basic client credential the server wrote into index.html.
  const credential = (await page.locator('meta[name="portal-client-credential"]').getAttribute('content')) ?? '';
  expect(credential).toMatch(/^[^:]+:.+$/);
  const response = await request.get('/v1/plans', { headers: { Authorization: `Basic ${Buffer.from(credential).toString('base64')}` } });
  expect(response.status()).toBe(200);
  const plans = ((await response.json()) as Envelope<Plan[]>).data;
  expect(plans.length).toBeGreaterThan(0);

  for (const plan of plans) {
    await expect(page.getByRole('heading', { level: 3, name: plan.name, exact: true })).toBeVisible();
  }
});
