/**
 * Billing journeys (issue 30): a merchant puts an app on a plan from its details page (a card is
 * saved first through the test gateway), takes it live, sees the minutes and their cost, changes
 * plan from next month, pauses and cancels; then, on a server of its own with a SOVEREIGN, last
 * month's usage is recorded and closed, the card on file is declined, and the merchant pays the
 * exact amount from /billing with another card, sees this month's forecast and what-if, the
 * usage chart and downloads the month's statement. The pricing page's calculator prices hours.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { daysInMonth, usageCost, billMoney, monthKey, usageHours } from '@contract/billing/formula';
import type { Subscription } from '@contract/billing/schemas';
import { signInWithToken } from './accounts';
import { addCard } from './cards';
import { ownServer } from './own-server';
import { merchantWithShop, shopOf } from './shops';

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
    // A long journey (a server of its own, two cards, the close, then this month and the statement).
    test.setTimeout(120_000);
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
    const paid = page.getByRole('listitem', { name: `${alias}, ${due}, Paid` });
    await expect(paid).toBeVisible();
    await expect(page.getByRole('region', { name: 'Outstanding' }).getByText('Nothing to pay')).toBeVisible();

    // The month's statement, built in the browser.
    const reference = await paid.locator('dt:text-is("Receipt") + dd').textContent();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('region', { name: monthLabel }).getByRole('button', { name: 'Download statement (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${monthKey(year, month)}.csv`);
    const decimal = (minor: number) => (minor / 100).toFixed(2);
    expect(await readFile(await download.path(), 'utf8')).toBe(
      'month,app,plan,usage hours,amount,credit used,payable,currency,status,reference\r\n' +
        `${monthKey(year, month)},${alias},Growth,12.00,${decimal(usageCost(720, 7900, daysInMonth(year, month)))},0.00,` +
        `${decimal(usageCost(720, 7900, daysInMonth(year, month)))},USD,paid,${reference}\r\n`,
    );

    // This month: a known usage so far (600 minutes, the app paused) at a known instant, so the
    // forecast is exact. The server meters real minutes only, so its answer is patched here.
    const at = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    await page.clock.setFixedTime(at);
    await page.route(
      (url) => url.pathname === '/v1/subscriptions',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: Subscription[] };
        const data = body.data.map((entry) => ({ ...entry, status: 'paused', liveSince: null, usageMinutesThisMonth: 600 }));
        await route.fulfill({ response, json: { ...body, data } });
      },
    );
    const [thisYear, thisMonth] = [at.getUTCFullYear(), at.getUTCMonth() + 1];
    const days = daysInMonth(thisYear, thisMonth);
    // Linear: 600 minutes in the minutes gone so far, scaled to the month's full length.
    const gone = (at.getTime() - Date.UTC(thisYear, thisMonth - 1, 1)) / 60_000;
    const forecast = Math.min(days * 1440, Math.round((600 * days * 1440) / gone));
    const usd = (minor: number) => billMoney(minor, 'USD');
    await page.goto(`${own.origin}/billing`);
    const app = page.getByRole('region', { name: 'This month so far' }).getByRole('listitem', { name: alias });
    await expect(app.getByText(`10.00 hours, ${usd(usageCost(600, 7900, days))}`)).toBeVisible();
    await expect(app.getByText(`${usageHours(forecast)} hours, ${usd(usageCost(forecast, 7900, days))}`)).toBeVisible();
    const plans = page.getByRole('list', { name: 'This month on each plan' });
    for (const [name, amount] of [
      ['Starter', 2900],
      ['Growth', 7900],
      ['Scale', 19900],
    ] as const)
      await expect(plans.getByRole('listitem').filter({ hasText: `On ${name}: ${usd(usageCost(forecast, amount, days))}` })).toBeVisible();
    if (forecast > 0) await expect(plans.getByRole('listitem').filter({ hasText: 'Cheapest' })).toHaveText(/^On Starter: /);

    // The chart (loaded on this page only) and its text alternative: last month's 12 hours and this month's 10.
    await expect(page.getByRole('img', { name: 'Usage hours per app over the last 12 months' }).locator('svg').first()).toBeVisible();
    const short = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const table = page.getByRole('table', { name: 'Usage hours per app, last 12 months' });
    await expect(table.getByRole('columnheader', { name: alias })).toBeAttached();
    await expect(table.getByRole('row', { name: `${short(last)} 12.00` })).toBeAttached();
    await expect(table.getByRole('row', { name: `${short(at)} 10.00` })).toBeAttached();
    await api.dispose();
  });
});

test('the pricing calculator prices hours live a month on each plan by the billing formula (30 days)', async ({ page }) => {
  await page.goto('/pricing');
  const hours = page.getByLabel('Hours live a month');
  await expect(hours).toHaveValue('200');
  await expect(page.getByText('Worked out for a 30-day month.')).toBeVisible();
  const costs = page.getByRole('list', { name: 'Cost on each plan' });
  const plans = [
    ['Starter', 2900],
    ['Growth', 7900],
    ['Scale', 19900],
  ] as const;
  // 200 hours: Starter USD 8.06, Growth USD 21.94, Scale USD 55.28.
  for (const [name, amount] of plans)
    await expect(costs.getByRole('listitem').filter({ hasText: `On ${name}: ${billMoney(usageCost(12_000, amount, 30), 'USD')}` })).toBeVisible();
  // A prerendered page: typing before React has taken the field over would be reset by hydration.
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await hours.fill('10');
  for (const [name, amount] of plans)
    await expect(costs.getByRole('listitem').filter({ hasText: `On ${name}: ${billMoney(usageCost(600, amount, 30), 'USD')}` })).toBeVisible();
  await hours.fill('745');
  await expect(page.getByText('Give a number of hours from 0 to 744.')).toBeVisible();
  await expect(costs).toBeHidden();
});
