/**
 * Billing journeys (issue 30): a merchant puts an app on a plan from its details page (a card is
 * saved first through the test gateway), takes it live, sees the minutes and their cost, changes
 * plan from next month, pauses and cancels; then, on a server of its own with a SOVEREIGN, last
 * month's usage is recorded and closed, the card on file is declined, and the merchant pays the
 * exact amount from /billing with another card.
 */
import { expect, test, type Page } from '@playwright/test';
import { daysInMonth, usageCost, billMoney } from '@contract/billing/formula';
import { signInWithToken } from './accounts';
import { ownServer } from './own-server';
import { merchantWithShop, shopOf } from './shops';

/** Add card on /payment-methods, then the test gateway's page takes the card (a 3-D Secure card passes its challenge). */
async function addCard(page: Page, number: string): Promise<void> {
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Biller Merchant');
  await page.getByRole('button', { name: 'Pay' }).click();
  if (number.startsWith('4000 0027')) await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your card is saved.' })).toBeVisible();
}

test('a merchant chooses a plan, saves a card first, takes the app live, changes plan, pauses and cancels', async ({ page, request }) => {
  const { token, alias } = await merchantWithShop(request, 'Biller', 'Bakes');
  await signInWithToken(page, token);

  await page.goto(`/apps/${alias}`);
  const panel = page.getByRole('region', { name: 'Plan' });
  await expect(panel.getByRole('radio', { name: 'Starter: USD 29.00 a month' })).toBeChecked();
  await panel.getByRole('radio', { name: 'Growth: USD 79.00 a month' }).check();
  await panel.getByRole('button', { name: 'Choose plan' }).click();
  await expect(panel.getByText('Save a card first: a plan is paid with your default card.')).toBeVisible();

  await panel.getByRole('link', { name: 'Add a card' }).click();
  await expect(page).toHaveURL(/\/payment-methods/);
  await addCard(page, '4242 4242 4242 4242');

  await page.goto(`/apps/${alias}`);
  await panel.getByRole('radio', { name: 'Growth: USD 79.00 a month' }).check();
  await panel.getByRole('button', { name: 'Choose plan' }).click();
  await expect(panel.getByText('Paused', { exact: true })).toBeVisible();
  await expect(panel.getByText('Growth plan', { exact: true })).toBeVisible();
  await expect(panel.getByText('This month so far: 0.00 hours live, USD 0.00')).toBeVisible();

  await panel.getByRole('button', { name: 'Go live' }).click();
  await expect(panel.getByText('Live', { exact: true })).toBeVisible();
  // The minute it went live counts: 1 minute is 0.02 hours.
  await expect(panel.getByText(/This month so far: 0\.0[2-9] hours live, USD 0\.0\d/)).toBeVisible();

  await panel.getByRole('combobox', { name: 'Plan from next month' }).click();
  await page.getByRole('option', { name: 'Scale' }).click();
  await expect(panel.getByText(/Changes to Scale \(USD 199\.00 a month\) on 1 [A-Z][a-z]+\./)).toBeVisible();

  await panel.getByRole('button', { name: 'Pause' }).click();
  await expect(panel.getByText('Paused', { exact: true })).toBeVisible();
  await page.reload();
  await expect(panel.getByText('Paused', { exact: true })).toBeVisible();

  await panel.getByRole('button', { name: 'Cancel plan' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this plan?' });
  await dialog.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Choose plan' })).toBeVisible();
});

test.describe('the monthly bill', () => {
  const own = ownServer('billing');
  test.afterAll(() => own.tearDown());

  test("last month's usage is closed into the exact bill; the declined card leaves it to pay; Pay now with another card pays it", async ({
    page,
    playwright,
  }) => {
    const operator = await own.setUpSovereign('Operator');
    const merchant = await own.register('Biller');
    const api = await playwright.request.newContext({ baseURL: own.origin });
    const { alias } = await shopOf(api, merchant.token, 'Biller', 'Breads');
    await signInWithToken(page, merchant.token);

    // The card on file passed 3-D Secure when saved: the bank declines it when no one is there.
    await page.goto(`${own.origin}/payment-methods`);
    await addCard(page, '4000 0027 6000 3184');
    await page.goto(`${own.origin}/apps/${alias}`);
    const panel = page.getByRole('region', { name: 'Plan' });
    await panel.getByRole('radio', { name: 'Growth: USD 79.00 a month' }).check();
    await panel.getByRole('button', { name: 'Choose plan' }).click();
    await expect(panel.getByText('Growth plan', { exact: true })).toBeVisible();

    // The operator records 12 hours of last month (usage brought over) and closes that month.
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 5, 10));
    const [year, month] = [last.getUTCFullYear(), last.getUTCMonth() + 1];
    const auth = { Authorization: `Bearer ${operator.token}` };
    const corrected = await api.post('/v1/admin/usage-corrections', {
      headers: auth,
      data: { shopAlias: alias, from: last.toISOString(), to: new Date(last.getTime() + 12 * 3_600_000).toISOString(), reason: 'Usage from the old host' },
    });
    expect(corrected.status()).toBe(200);
    expect((await api.post('/v1/admin/billing/close', { headers: auth, data: { year, month } })).status()).toBe(200);
    const due = billMoney(usageCost(720, 7900, daysInMonth(year, month)), 'USD');
    const monthLabel = last.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

    await page.goto(`${own.origin}/billing`);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: monthLabel })).toBeVisible();
    const bill = page.getByRole('listitem', { name: `${alias}, ${due}, To pay` });
    await expect(bill).toBeVisible();
    await expect(bill.getByText('12.00 hours')).toBeVisible();
    await expect(bill.getByText('Your card was declined.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Outstanding' }).getByText(due)).toBeVisible();

    // Another card, as the default, then Pay now.
    await page.goto(`${own.origin}/payment-methods`);
    await addCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Set Visa •••• 4242, expires 12/2034 as default' }).click();
    await expect(page.getByRole('listitem', { name: 'Visa •••• 4242, expires 12/2034' }).getByText('Default', { exact: true })).toBeVisible();
    await page.goto(`${own.origin}/billing`);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByText('Paid. A receipt is on its way to your e-mail.')).toBeVisible();
    await expect(page.getByRole('listitem', { name: `${alias}, ${due}, Paid` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Outstanding' }).getByText('Nothing to pay')).toBeVisible();
    await api.dispose();
  });
});
