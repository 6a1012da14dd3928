/** Cards for the journeys: saved as a merchant saves one, through the test gateway's page. */
import { expect, type Page } from '@playwright/test';

/** Add card on /payment-methods, then the test gateway's page takes the card (a 3-D Secure card passes its challenge). */
export async function addCard(page: Page, number: string): Promise<void> {
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Biller Merchant');
  await page.getByRole('button', { name: 'Pay' }).click();
  if (number.startsWith('4000 0027')) await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your card is saved.' })).toBeVisible();
}
