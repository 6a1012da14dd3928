/**
 * The built portal under the server's Content-Security-Policy: every main page loads, renders
 * with its styles (MUI's emotion, notistack's goober) and raises no `securitypolicyviolation`
 * event or CSP console error. Also the headers a browser relies on (no framing, nosniff).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { sessionSigner, uniqueEmail } from './accounts';

const PRODUCTS = join(process.cwd(), 'public', 'catalogue', 'products');
/** A real picture of the repo's sample catalogue, as a merchant's logo. */
const LOGO = join(PRODUCTS, readdirSync(PRODUCTS).find((name) => name.endsWith('.webp')) ?? '');

const PUBLIC_PAGES = [
  '/',
  '/features',
  '/pricing',
  '/templates',
  '/faq',
  '/about-us',
  '/contact-us',
  '/terms',
  '/privacy-policy',
  '/password/reset?token=not-a-real-token',
  '/email/verify?token=not-a-real-token',
  '/no/such/page',
];
const PRIVATE_PAGES = ['/account', '/apps', '/billing', '/notifications'];

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Collects CSP violations (events in the page, errors on the console) from the first byte on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const scope = globalThis as unknown as {
      __cspViolations: Violation[];
      document: { addEventListener(type: string, listener: (event: Record<string, string>) => void): void };
    };
    scope.__cspViolations = [];
    scope.document.addEventListener('securitypolicyviolation', (event) => {
      scope.__cspViolations.push({ directive: event.violatedDirective ?? '', blocked: event.blockedURI ?? '', sample: event.sample ?? '' });
    });
  });
  return async () => {
    const events = await page.evaluate(() => (globalThis as unknown as { __cspViolations: Violation[] }).__cspViolations);
    return [...events.map((v) => `${v.directive} blocked ${v.blocked} ${v.sample}`.trim()), ...consoleErrors];
  };
}

const signIn = sessionSigner('Secure');

/** MUI's runtime styles applied: the nav bar got its emotion styles (a fixed bar). */
async function expectStyled(page: Page): Promise<void> {
  const header = page.locator('header').first();
  await expect(header).toBeVisible();
  await expect
    .poll(() =>
      header.evaluate((element) => (globalThis as unknown as { getComputedStyle(e: unknown): { position: string } }).getComputedStyle(element).position),
    )
    .toBe('fixed');
}

for (const path of PUBLIC_PAGES) {
  test(`${path} loads under the CSP without a violation`, async ({ page }) => {
    const violations = await watchCsp(page);
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expectStyled(page);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}

for (const path of PRIVATE_PAGES) {
  test(`${path} (signed in) loads under the CSP without a violation`, async ({ page, request }) => {
    await signIn(page, request);
    const violations = await watchCsp(page);
    await page.goto(path);
    await expectStyled(page);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
}

test('a toast (notistack) shows under the CSP without a violation', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign In/Up' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(uniqueEmail('nobody'));
  await dialog.getByRole('textbox', { name: /^Password/ }).fill('Wrong0000x');
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the logo crop dialog shows its crop square over the picture under the CSP without a violation', async ({ page, request }) => {
  await signIn(page, request);
  const violations = await watchCsp(page);
  await page.goto('/new-app/setup');
  await page.getByLabel('Logo file').setInputFiles(LOGO);
  const dialog = page.getByRole('dialog', { name: 'Crop your logo' });
  await expect(dialog).toBeVisible();
  const square = dialog.getByTestId('cropper');
  await expect(square).toBeVisible();
  // The cropper's styles applied: a square in the middle of its box, over the picture centred in it.
  const box = dialog.getByTestId('container');
  await expect
    .poll(async () => {
      const [crop, frame, picture] = await Promise.all([square.boundingBox(), box.boundingBox(), dialog.locator('img').boundingBox()]);
      if (!crop || !frame || !picture) return 'not laid out';
      const centred =
        Math.abs(crop.x + crop.width / 2 - (frame.x + frame.width / 2)) < 2 && Math.abs(crop.y + crop.height / 2 - (frame.y + frame.height / 2)) < 2;
      return {
        square: Math.abs(crop.width - crop.height) < 2 && crop.width > 100,
        centred,
        pictureCentred: Math.abs(picture.x + picture.width / 2 - (frame.x + frame.width / 2)) < 2,
      };
    })
    .toEqual({ square: true, centred: true, pictureCentred: true });
  expect(await violations()).toEqual([]);
});

test('the API reference (/v1/docs) renders under the CSP', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/v1/docs');
  await expect(page.getByText('/v1/auth/login').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('pages cannot be framed and the token pages send no referrer', async ({ request }) => {
  const home = await request.get('/');
  expect(home.headers()['x-frame-options']).toBe('DENY');
  expect(home.headers()['x-content-type-options']).toBe('nosniff');
  const reset = await request.get('/password/reset?token=abc');
  expect(reset.headers()['referrer-policy']).toBe('no-referrer');
  expect((await request.get('/no/such/page')).status()).toBe(404);
});
