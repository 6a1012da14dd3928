/**
 * Payments journeys in test mode (no keys: the built-in paystack test gateway and its hosted
 * pages): add a card, set another default, remove one through the in-page dialog; a declined
 * card; a 3-D Secure payment left unfinished, then finished from the resolution page; the
 * payments list shows the outcomes. Then stripe card saving (a setup intent confirmed on the
 * stripe test gateway's card setup page) on a server of its own, whose SOVEREIGN chooses stripe.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AuthResult } from '@contract/auth/schemas';
import { sessionSigner } from './accounts';
import type { BrowserWindow } from './browser';
import { ownServer } from './own-server';

const signIn = sessionSigner('Payer');

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page, request }) => {
  await signIn(page, request);
});

/** Add card, then the test gateway's hosted page takes the card. */
async function payOnHostedPage(page: Page, card: { number: string; expiry: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByRole('button', { name: 'Pay' })).toBeVisible();
  await expect(page.getByText('Test mode').first()).toBeVisible();
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry').fill(card.expiry);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ada Payer');
  await page.getByRole('button', { name: 'Pay' }).click();
}

test('a merchant adds cards in test mode, sets the default and removes one', async ({ page }) => {
  await page.goto('/payment-methods');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
  await expect(page.getByText('You have no saved cards yet.')).toBeVisible();
  await expect(page.getByText(/charges \$1\.00 to check it, refunded/)).toBeVisible();

  await payOnHostedPage(page, { number: '4242 4242 4242 4242', expiry: '12/34' });
  await expect(page.getByRole('status').filter({ hasText: 'Your card is saved.' })).toBeVisible();
  const first = page.getByRole('listitem', { name: 'Visa •••• 4242, expires 12/2034' });
  await expect(first).toBeVisible();
  await expect(first.getByText('Default', { exact: true })).toBeVisible();
  await expect(first.getByText('Test mode')).toBeVisible();
  await expect(first.getByText('Paystack')).toBeVisible();

  await payOnHostedPage(page, { number: '4242 4242 4242 4242', expiry: '11/35' });
  const second = page.getByRole('listitem', { name: 'Visa •••• 4242, expires 11/2035' });
  await expect(second).toBeVisible();
  await expect(second.getByText('Default', { exact: true })).toHaveCount(0);

  await second.getByRole('button', { name: 'Set Visa •••• 4242, expires 11/2035 as default' }).click();
  await expect(second.getByText('Default', { exact: true })).toBeVisible();
  await expect(first.getByText('Default', { exact: true })).toHaveCount(0);

  await first.getByRole('button', { name: 'Remove Visa •••• 4242, expires 12/2034' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove Visa •••• 4242?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(first).toHaveCount(0);
  await expect(second).toBeVisible();
});

test('a declined card shows the gateway message and waits for another card', async ({ page }) => {
  await page.goto('/payment-methods');
  await payOnHostedPage(page, { number: '4000 0000 0000 0002', expiry: '12/34' });
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your card was declined.' })).toBeVisible();
});

test('a 3-D Secure payment left unfinished is finished from the resolution page', async ({ page }) => {
  await page.goto('/payment-methods');
  await payOnHostedPage(page, { number: '4000 0027 6000 3184', expiry: '12/34' });
  await expect(page.getByRole('button', { name: 'Complete' })).toBeVisible();

  // The merchant leaves the bank's page and comes back to the portal later.
  await page.goto('/payments/actions/resolution');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending payments' })).toBeVisible();
  const pending = page.getByRole('listitem').filter({ hasText: 'Needs your action' });
  await expect(pending).toHaveCount(1);
  await expect(page.getByRole('listitem').filter({ hasText: 'Needs another card' })).toHaveCount(1);

  // The account menu counts them and links here.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: /2 payments need action/ })).toBeVisible();
  await page.keyboard.press('Escape');

  await pending.getByRole('link', { name: 'Finish payment' }).click();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your card is saved.' })).toBeVisible();

  await page.goto('/payments/actions/resolution');
  await expect(page.getByRole('listitem').filter({ hasText: 'Needs your action' })).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Needs another card' })).toHaveCount(1);
});

test('the payments list shows every outcome and filters by status', async ({ page }) => {
  await page.goto('/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const payments = page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
  await expect(payments).toHaveCount(4);
  await expect(payments.filter({ hasText: 'Needs another card' })).toHaveCount(1);
  await expect(payments.filter({ hasText: /Refunded|Paid/ })).toHaveCount(3);
  await expect(payments.first().getByText('Test mode')).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'requires_payment_method' }).click();
  await expect(page).toHaveURL(/status=requires_payment_method/);
  await expect(payments).toHaveCount(1);
  await expect(payments.first()).toContainText('USD 1.00');
});

test.describe('stripe card saving', () => {
  const server = ownServer('stripe-setup');
  let sovereign: AuthResult;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    sovereign = await server.setUpSovereign('Stripe');
  });
  test.afterAll(() => server.tearDown());

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(
      (stored) => {
        (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored);
      },
      JSON.stringify({ token: sovereign.token }),
    );
  });

  /** Add card, then the stripe test gateway's card setup page takes the card. */
  async function saveOnSetupPage(page: Page, number: string): Promise<void> {
    await page.getByRole('button', { name: 'Add card' }).dblclick();
    await expect(page.getByRole('button', { name: 'Save card' })).toBeVisible();
    await expect(page.getByText('Test mode').first()).toBeVisible();
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Ada Stripe');
    await page.getByRole('button', { name: 'Save card' }).click();
  }

  test('a merchant chooses stripe and saves a card through a setup intent; the same return again saves nothing new', async ({ page }) => {
    await page.goto(`${server.origin}/payment-methods`);
    await expect(page.getByText('You have no saved cards yet.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Provider' }).click();
    await page.getByRole('option', { name: 'Stripe' }).click();
    await expect(page.getByText('Stripe checks the card without charging it.')).toBeVisible();

    const returned = page.waitForRequest(/\/payment-methods\?.*redirect_status=succeeded/);
    await saveOnSetupPage(page, '4242 4242 4242 4242');
    const back = (await returned).url();
    expect(new URL(back).searchParams.get('setup_intent')).toMatch(/^seti_/);
    await expect(page.getByRole('status').filter({ hasText: 'Your card is saved: Visa •••• 4242.' })).toBeVisible();
    const saved = page.getByRole('listitem', { name: 'Visa •••• 4242, expires 12/2034' });
    await expect(saved).toBeVisible();
    await expect(saved.getByText('Default', { exact: true })).toBeVisible();
    await expect(saved.getByText('Stripe')).toBeVisible();
    await expect(saved.getByText('Test mode')).toBeVisible();

    // A reload of the return (or a second tab) finds the card already saved.
    await page.goto(back);
    await expect(page.getByRole('status').filter({ hasText: 'Your card is saved: Visa •••• 4242.' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem')).toHaveCount(1);
  });

  test("a declined card shows Stripe's message and adds nothing", async ({ page }) => {
    await page.goto(`${server.origin}/payment-methods`);
    await expect(page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem')).toHaveCount(1);
    await saveOnSetupPage(page, '4000 0000 0000 0002');
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem')).toHaveCount(1);
  });
});
