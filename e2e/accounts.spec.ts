/**
 * Accounts journeys (issue #3) against the real server: registration with the spec's
 * validation, the verification e-mail read from the outbox, login and logout, password reset
 * and a referral that credits the referrer.
 */
import { expect, test, type Page } from '@playwright/test';

type Box = { x: number; y: number; width: number; height: number };
import type { Credit } from '@contract/credits/schemas';
import type { Envelope } from '@contract/envelope';
import { expectAccessible } from './accessibility';
import { PASSWORD, linkFromEmail, registerThroughApi, uniqueEmail } from './accounts';
import type { BrowserWindow } from './browser';

const VERIFY_BANNER = 'Please verify your account. A verification link was sent to your email.';

async function openLoginModal(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Sign In/Up' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

async function registerThroughModal(page: Page, firstName: string, email: string): Promise<void> {
  await openLoginModal(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Register' }).click();
  await dialog.getByLabel('First Name').fill(firstName);
  await dialog.getByLabel('Last Name').fill('Okafor');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone No').fill('08031234567');
  await dialog.getByRole('textbox', { name: /^Password/ }).fill(PASSWORD);
  await dialog.getByLabel('Confirm Password').fill(PASSWORD);
  const register = dialog.getByRole('button', { name: 'Register' });
  await expect(register).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByRole('checkbox').check();
  await expect(register).toBeEnabled();
  await register.click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function login(page: Page, email: string, password: string): Promise<void> {
  await openLoginModal(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('textbox', { name: /^Password/ }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu');
}

test('register, see the verification banner, open the e-mailed link, and the banner is gone', async ({ page }) => {
  const email = uniqueEmail('ada');
  await page.goto('/');
  await registerThroughModal(page, 'Ada', email);
  const banner = page.getByRole('status').filter({ hasText: VERIFY_BANNER });
  await expect(banner).toBeVisible();
  // The banner sits under the fixed nav bar and pushes the page down instead of covering it.
  const bannerBox = await banner.boundingBox();
  const headingBox = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(headingBox?.y ?? 0).toBeGreaterThanOrEqual((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0));
  await expectAccessible(page);

  const link = await linkFromEmail(email, /verify/i);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText('Your email is verified')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(VERIFY_BANNER)).toHaveCount(0);
  await expectAccessible(page);
});

test('log in, see the account menu, and log out after confirming', async ({ page, request }) => {
  const email = uniqueEmail('bola');
  await registerThroughApi(request, 'Bola', email);
  await page.goto('/');
  await login(page, email, PASSWORD);

  const menu = await openAccountMenu(page);
  await expect(menu.getByText('Hi, Bola')).toBeVisible();
  await expect(menu.getByText('Available Credits')).toBeVisible();
  await expect(menu.getByText('$0.00')).toBeVisible();
  for (const label of ['My Apps', 'Billing', 'Payment Methods', 'Create Template']) {
    await expect(menu.getByRole('menuitem', { name: label })).toBeVisible();
  }
  await expectAccessible(page);
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to log out?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Yes, Logout' }).click();
  await expect(page.getByRole('link', { name: 'Sign In/Up' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
  await expectAccessible(page);
});

/** Whether two boxes on screen overlap. */
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a wrong password shows the server message, announced over the open dialog, and on a phone its toast covers neither the tabs nor the close button', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('jide');
  await registerThroughApi(request, 'Jide', email);
  await page.goto('/');
  await openLoginModal(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('textbox', { name: /^Password/ }).fill('NotThePassword1');
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();

  // getByRole leaves out whatever is inside an aria-hidden subtree: found means announced.
  const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
  await expect(alert).toBeVisible();
  expect(await alert.evaluate((element) => element.closest('[aria-hidden="true"]') === null)).toBe(true);
  await expect(page.locator('#root')).toHaveAttribute('aria-hidden', 'true');

  await expect(dialog).toBeVisible();
  const toastBox = await alert.boundingBox();
  expect(toastBox).not.toBeNull();
  const covered = [dialog.getByRole('tab', { name: 'Login' }), dialog.getByRole('tab', { name: 'Register' }), dialog.getByRole('button', { name: 'Close' })];
  for (const control of covered) {
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    expect(overlaps(toastBox as Box, box as Box), `the toast covers ${String(control)}`).toBe(false);
  }
  await expectAccessible(page);
});

test('forgot password, reset it from the e-mailed link, and log in with the new one', async ({ page, request }) => {
  const email = uniqueEmail('dayo');
  await registerThroughApi(request, 'Dayo', email);
  await page.goto('/');
  await openLoginModal(page);
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('button', { name: 'Forgot password?' })
    .or(dialog.getByRole('link', { name: 'Forgot password?' }))
    .click();
  await dialog.getByLabel('Email').fill(email);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('A password reset link has been sent to the email provided')).toBeVisible();

  const link = new URL(await linkFromEmail(email, /reset/i));
  await page.goto(link.pathname + link.search);
  const newPassword = 'Brand-new-2026';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset. You can now log in.')).toBeVisible();

  await page.goto('/');
  await login(page, email, newPassword);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // The link works once.
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('Another-one-2026');
  await page.getByLabel('Confirm password').fill('Another-one-2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired. Please request a new one.' })).toBeVisible();
  await expectAccessible(page);
});

test('a referral link credits the referrer once the new merchant verifies', async ({ page, request, browser }) => {
  const referrerEmail = uniqueEmail('efe');
  const referrer = await registerThroughApi(request, 'Efe', referrerEmail);

  const newcomer = uniqueEmail('funke');
  await page.goto(`/features?ref=${referrer.user.referralCode}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/');
  await registerThroughModal(page, 'Funke', newcomer);
  const link = new URL(await linkFromEmail(newcomer, /verify/i));
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('Your email is verified')).toBeVisible();

  const credit = await request.post('/v1/credits', { headers: { Authorization: `Bearer ${referrer.token}` } });
  expect(((await credit.json()) as Envelope<Credit>).data.value).toBe(500);

  // The referrer sees it in the account menu.
  const context = await browser.newContext();
  const referrerPage = await context.newPage();
  await referrerPage.goto('/');
  await login(referrerPage, referrerEmail, PASSWORD);
  const menu = await openAccountMenu(referrerPage);
  await expect(menu.getByText('$5.00')).toBeVisible();
  await expectAccessible(referrerPage);
  await context.close();
});

test('a private page sends a visitor to the login prompt and continues there after login', async ({ page, request }) => {
  const email = uniqueEmail('gozie');
  await registerThroughApi(request, 'Gozie', email);
  await page.goto('/billing');
  await expect(page.getByRole('dialog')).toBeVisible();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('textbox', { name: /^Password/ }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expectAccessible(page);
});

/** A 1x1 PNG. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('the account page edits the profile and uploads a picture that the portal then shows', async ({ page, request }) => {
  const email = uniqueEmail('hauwa');
  await registerThroughApi(request, 'Hauwa', email);
  await page.goto('/');
  await login(page, email, PASSWORD);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expectAccessible(page);

  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('First Name').fill('Hauwa-Amina');
  await profile.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  const chooser = page.getByLabel('Profile picture file');
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'PNG, JPEG, WebP or GIF' })).toBeVisible();
  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(page.getByText('Profile picture updated')).toBeVisible();

  // The server kept both: a reload shows the new name and the stored picture from /uploads.
  await page.reload();
  await expect(profile.getByLabel('First Name')).toHaveValue('Hauwa-Amina');
  const picture = page.getByRole('img', { name: /Hauwa-Amina/ }).first();
  await expect(picture).toHaveAttribute('src', /^\/uploads\/avatars\/[\w-]+\.png$/);
  const served = await request.get((await picture.getAttribute('src')) ?? '');
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  const menu = await openAccountMenu(page);
  await expect(menu.getByText('Hi, Hauwa-Amina')).toBeVisible();
  await expectAccessible(page);
});

test('an expired session logs the portal out with a clear message and asks to log in again', async ({ page, request }) => {
  const email = uniqueEmail('ify');
  await registerThroughApi(request, 'Ify', email);
  // A session whose token the server no longer accepts (expired, or revoked by a password reset).
  await page.addInitScript(
    (stored) => {
      const browser = globalThis as unknown as BrowserWindow;
      if (!browser.sessionStorage.getItem('seeded')) {
        browser.sessionStorage.setItem('seeded', '1');
        browser.localStorage.setItem('portal-session', stored);
      }
    },
    JSON.stringify({ token: 'expired.token.value' }),
  );
  await page.goto('/account');
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  // The private page sends the merchant to the login prompt, and back to it after logging in.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Behind the prompt (hidden from the accessibility tree while it is open) the shell is signed out.
  await expect(page.getByRole('link', { name: 'Sign In/Up', includeHidden: true })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Account menu', includeHidden: true })).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('textbox', { name: /^Password/ }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expectAccessible(page);
});
