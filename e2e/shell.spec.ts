import { expect, test, type Page } from '@playwright/test';
import type { Plan } from '@contract/plans/schemas';
import type { Envelope } from '@contract/envelope';
import type { BrowserWindow } from './browser';
import { expectAccessible } from './accessibility';
import { sessionSigner } from './accounts';

/** Every route of spec section 2 with sample params, the heading its page opens with, and whether it needs a login. */
const ROUTES: ReadonlyArray<[path: string, heading: string | RegExp, access: 'public' | 'private']> = [
  ['/', /mobile app/i, 'public'],
  ['/features', 'Features', 'public'],
  ['/pricing', 'Pricing', 'public'],
  ['/templates', 'Templates', 'public'],
  ['/templates/create-template', 'Create a template', 'private'],
  ['/templates/tpl-1/edit', 'Template not found', 'private'],
  ['/templates/tpl-1/preview', 'Template not found', 'public'],
  ['/templates/glow-beauty/preview', 'Glow Beauty preview', 'public'],
  ['/billing', 'Billing', 'private'],
  ['/payment-methods', 'Payment Methods', 'private'],
  ['/new-app/setup', 'Set up your shop', 'private'],
  // Category selection and the design route need a real shop: e2e/new-app.spec.ts walks them.
  ['/join-project', 'Join a project', 'private'],
  ['/apps/ada-shop/public', 'Shared project', 'public'],
  ['/notifications', 'Notifications', 'private'],
  ['/apps', 'My Apps', 'private'],
  // An app's details need a real shop (e2e/collaborators.spec.ts); an unknown one is below.
  ['/payments', 'Payments', 'private'],
  ['/payments/ada-shop', 'App payments', 'private'],
  ['/payments/actions/resolution', 'Pending payments', 'private'],
  ['/about-us', 'About Us', 'public'],
  ['/terms', 'Terms', 'public'],
  ['/faq', 'Frequently asked questions', 'public'],
  ['/contact-us', 'Contact Us', 'public'],
  ['/privacy-policy', 'Privacy Policy', 'public'],
  ['/email/verify', 'Verify your email', 'public'],
  ['/password/reset', 'Reset your password', 'public'],
  ['/account', 'Your account', 'private'],
  ['/test/preview', 'Glow Beauty preview', 'public'],
];

const signIn = sessionSigner('Shell');

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

for (const [path, heading, access] of ROUTES) {
  test(`${path} renders "${String(heading)}" inside the shell${access === 'private' ? ' for a signed-in merchant' : ''}`, async ({ page, request }) => {
    if (access === 'private') await signIn(page, request);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0);
    await expectShell(page);
    await expectAccessible(page);
  });
}

test('every private route sends a visitor to the login prompt, remembering where they were going', async ({ page }) => {
  for (const [path] of ROUTES.filter(([, , access]) => access === 'private')) {
    await page.goto(path);
    await expect(page.getByRole('dialog')).toBeVisible();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('redirect')).toBe(path);
  }
  await expectAccessible(page);
});

test('an unknown path answers 404 and shows the not-found page inside the shell', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectShell(page);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to the homepage' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('an unknown app shows the not-found page inside the shell, not a made-up app', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/apps/no-such-shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectShell(page);
  await expectAccessible(page);
});

test('/new-app redirects to /new-app/setup, behind the login prompt', async ({ page, request }) => {
  await page.goto('/new-app');
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/new-app/setup');
  await signIn(page, request);
  await page.goto('/new-app');
  await expect(page).toHaveURL('/new-app/setup');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your shop' })).toBeVisible();
  await expectAccessible(page);
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
  await expectAccessible(page);

  await page.evaluate(() => (globalThis as unknown as BrowserWindow).scrollTo(0, 0));
  await expect.poll(background).toBe('rgba(0, 0, 0, 0)');
});

test("a visitor sees 'Sign In/Up', which opens the login prompt", async ({ page }) => {
  await page.goto('/features');
  const signIn = page.getByRole('link', { name: 'Sign In/Up' });
  await expect(signIn).toBeVisible();
  await signIn.click();
  await expect(page).toHaveURL(/[?&]login-modal=true/);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
});

test('the side drawer lists Login/Register, Features, Pricing and Templates for a visitor', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.locator('#side-drawer');
  for (const label of ['Login/Register', 'Features', 'Pricing', 'Templates']) {
    await expect(drawer.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(drawer.getByText('My Apps', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
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
  await expectAccessible(page);
});

test('the verification banner arriving late does not push the page down (its place is held)', async ({ page, request }) => {
  await signIn(page, request);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The banner's chunk arrives a second after the page: the page must already start below its place.
  await page.route(/\/assets\/VerificationBanner-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto('/account');
  const heading = page.getByRole('heading', { level: 1, name: 'Your account' });
  await expect(heading).toBeVisible();
  const before = (await heading.boundingBox())?.y;
  await expect(page.getByText('Please verify your account. A verification link was sent to your email.')).toBeVisible();
  expect((await heading.boundingBox())?.y).toBe(before);
});
