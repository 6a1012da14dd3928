/**
 * Billing journeys (issue 30): a merchant puts an app on a plan from its details page (a card is
 * saved first through the test gateway), takes it live, sees the minutes and their cost, changes
 * plan from next month, pauses and cancels.
 */
import { expect, test } from '@playwright/test';
import { signInWithToken } from './accounts';
import { merchantWithShop } from './shops';

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
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Biller Merchant');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your card is saved.' })).toBeVisible();

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
