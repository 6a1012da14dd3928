/** The live preview's words and looks, for the journeys that watch a design arrive (design sync, a process killed). */
import { expect, type Page } from '@playwright/test';

const livePreview = (page: Page) => page.getByTestId('live-preview');
/** The preview's status line (Live..., Offline: N edits waiting...). */
export const liveStatus = (page: Page) => livePreview(page).getByRole('status');

/** Live, showing revision `revision` of the design (the number is the page's data, not its words). */
export async function inSync(page: Page, revision: number, timeout?: number): Promise<void> {
  await expect(livePreview(page)).toHaveAttribute('data-revision', String(revision), { timeout });
  await expect(liveStatus(page)).toHaveText('Live: showing the latest design', { timeout });
}

/** The preview's toolbar background as drawn (the primary colour's gradient). */
export const toolbarBackground = (page: Page) =>
  livePreview(page)
    .locator('header')
    .first()
    .evaluate(
      (element) => (globalThis as unknown as { getComputedStyle(node: unknown): { backgroundImage: string } }).getComputedStyle(element).backgroundImage,
    );
