/**
 * Payments journeys in test mode (no keys: the built-in test gateways and their hosted pages):
 * add a card, set another default, remove one through the in-page dialog; a declined card; a
 * 3-D Secure payment left unfinished, then finished from the resolution page; the payments list
 * shows the outcomes, a page at a time, filtered by the server; a SOVEREIGN switches the provider
 * to Flutterwave (on a server of this spec's own) and a merchant's next card goes through it.
 * Then stripe card saving (a setup intent confirmed on the stripe test gateway's card setup page)
 * on a server of its own, whose SOVEREIGN chooses stripe.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AuthResult } from '@contract/auth/schemas';
import { IDEMPOTENCY_HEADER, PORTAL_SHOP_ALIAS } from '@contract/payments/paths';
import { registerThroughApi, sessionSigner, signInWithToken, uniqueEmail } from './accounts';
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
  await expect(page.getByRole('status').filter({ hasText: '4 payments' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  await expect(payments.filter({ hasText: 'Needs another card' })).toHaveCount(1);
  await expect(payments.filter({ hasText: /Refunded|Paid/ })).toHaveCount(3);
  await expect(payments.first().getByText('Test mode')).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'requires_payment_method' }).click();
  await expect(page).toHaveURL(/status=requires_payment_method/);
  await expect(payments).toHaveCount(1);
  await expect(payments.first()).toContainText('USD 1.00');
  await expect(page.getByRole('status').filter({ hasText: '1 payment' })).toBeVisible();
});

/** Card checks started through the API (left unpaid): `count` of them, oldest first, each with its provider and app. */
async function startPayments(page: Page, session: AuthResult, count: number, of: (i: number) => { provider: string; appAlias: string }): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const response = await page.request.post('/v1/transactions/initialize', {
      headers: { authorization: `Bearer ${session.token}`, [IDEMPOTENCY_HEADER]: `pages-${i}` },
      data: { type: 'card-setup', shopAlias: PORTAL_SHOP_ALIAS, ...of(i) },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

test('55 payments: the newest 50 show at once with the total, Show more brings the rest, and each filter asks the server', async ({ page, request }) => {
  const session = await registerThroughApi(request, 'Pager', uniqueEmail('pager'));
  // The 5 oldest went through Flutterwave; the apps alternate.
  await startPayments(page, session, 55, (i) => ({ provider: i < 5 ? 'flutterwave' : 'paystack', appAlias: i % 2 === 0 ? 'ada-fabrics' : 'ngozi-wears' }));
  await signInWithToken(page, session.token);

  await page.goto('/payments');
  const payments = page.getByRole('list', { name: 'Payments' }).getByRole('listitem');
  const count = (text: string) => page.getByRole('status').filter({ hasText: new RegExp(`^${text}$`) });
  await expect(count('Showing 50 of 55 payments')).toBeVisible();
  await expect(payments).toHaveCount(50);
  await expect(payments.filter({ hasText: 'Flutterwave' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(count('55 payments')).toBeVisible();
  await expect(payments).toHaveCount(55);
  await expect(payments.filter({ hasText: 'Flutterwave' })).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'Flutterwave' }).click();
  await expect(page).toHaveURL(/provider=flutterwave/);
  await expect(count('5 payments')).toBeVisible();
  await expect(payments).toHaveCount(5);

  // The apps come from the server, not from the rows loaded so far.
  await page.getByRole('combobox', { name: 'App' }).click();
  await expect(page.getByRole('option')).toHaveText(['All apps', 'ada-fabrics', 'ngozi-wears']);
  await page.getByRole('option', { name: 'ada-fabrics' }).click();
  await expect(page).toHaveURL(/app=ada-fabrics/);
  await expect(count('3 payments')).toBeVisible();
  await expect(payments).toHaveCount(3);

  await page.goto('/payments/ngozi-wears');
  await expect(page.getByRole('heading', { level: 1, name: 'App payments' })).toBeVisible();
  await expect(count('27 payments')).toBeVisible();
  await expect(payments).toHaveCount(27);
  await expect(page.getByRole('combobox', { name: 'App' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Provider' }).click();
  await page.getByRole('option', { name: 'Flutterwave' }).click();
  await expect(count('2 payments')).toBeVisible();
  await expect(payments).toHaveCount(2);
});

test.describe('the payment provider', () => {
  const own = ownServer('payments');
  test.afterAll(() => own.tearDown());

  /** A phone of its own (a new browser context: nothing cached from before) signed in as `session`. */
  async function phone(browser: Browser, session: AuthResult): Promise<Page> {
    const context = await browser.newContext({ baseURL: own.origin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signInWithToken(page, session.token);
    return page;
  }

  test('a SOVEREIGN switches it to Flutterwave: a merchant never sees the setting, and their next card goes through Flutterwave', async ({ browser }) => {
    test.setTimeout(180_000);
    const sovereign = await own.setUpSovereign('Sovereign');
    const merchant = await own.register('Merchant');

    const merchantPhone = await phone(browser, merchant);
    await merchantPhone.goto('/payment-methods');
    await expect(merchantPhone.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
    await expect(merchantPhone.getByText(/Adding a card through Paystack charges \$1\.00/)).toBeVisible();
    await expect(merchantPhone.getByRole('region', { name: 'Payment provider' })).toHaveCount(0);
    const refused = await merchantPhone.request.put('/v1/remote-config/portal-payments', {
      headers: { authorization: `Bearer ${merchant.token}` },
      data: { provider: 'stripe' },
    });
    expect(refused.status()).toBe(403);
    await merchantPhone.context().close();

    const adminPhone = await phone(browser, sovereign);
    await adminPhone.goto('/payment-methods');
    const setting = adminPhone.getByRole('region', { name: 'Payment provider' });
    await expect(setting.getByRole('combobox', { name: 'Provider' })).toHaveText('Paystack');
    const saved = adminPhone.waitForResponse(
      (response) => response.url().endsWith('/v1/remote-config/portal-payments') && response.request().method() === 'PUT',
    );
    await setting.getByRole('combobox', { name: 'Provider' }).click();
    await adminPhone.getByRole('option', { name: 'Flutterwave' }).click();
    expect((await saved).status()).toBe(200);
    await expect(setting.getByRole('combobox', { name: 'Provider' })).toHaveText('Flutterwave');
    await adminPhone.context().close();

    // A device fetches the setting at most every 12 hours (spec section 7): the merchant's next
    // visit is on a device that has not fetched it yet.
    const nextVisit = await phone(browser, merchant);
    await nextVisit.goto('/payment-methods');
    await expect(nextVisit.getByText(/Adding a card through Flutterwave charges \$1\.00/)).toBeVisible();
    await nextVisit.getByRole('button', { name: 'Add card' }).click();
    await expect(nextVisit.getByText('Flutterwave (Test mode)')).toBeVisible();
    await nextVisit.getByLabel('Card number').fill('4242 4242 4242 4242');
    await nextVisit.getByLabel('Expiry').fill('12/34');
    await nextVisit.getByLabel('CVC').fill('123');
    await nextVisit.getByLabel('Name on card').fill('Ada Merchant');
    await nextVisit.getByRole('button', { name: 'Pay' }).click();
    await expect(nextVisit.getByRole('status').filter({ hasText: 'Your card is saved.' })).toBeVisible();
    const card = nextVisit.getByRole('listitem', { name: 'Visa •••• 4242, expires 12/2034' });
    await expect(card.getByText('Flutterwave')).toBeVisible();
    await expect(nextVisit.getByRole('region', { name: 'Payment provider' })).toHaveCount(0);

    await nextVisit.goto('/payments?provider=flutterwave');
    await expect(nextVisit.getByRole('list', { name: 'Payments' }).getByRole('listitem')).toHaveCount(1);
    await nextVisit.context().close();
  });
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
    await signInWithToken(page, sovereign.token);
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
    await expect(page.getByText('Stripe checks the card without charging it.')).toBeVisible();
    await saveOnSetupPage(page, '4000 0000 0000 0002');
    await expect(page.getByText('Your card was declined.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem')).toHaveCount(1);
  });
});
