/**
 * The phone preview (issue #9): a merchant taps through the shop app on /test/preview, plays a
 * template's pages on its preview card, and the screenshot set that is the visual reference of
 * every page and every theme of each part.
 */
import { expect, test, type Page } from '@playwright/test';
import { designFragment } from '@/features/preview/design-link';
import type { Screen } from '@/features/preview/screens';
import { expectAccessible } from './accessibility';
import { serveSampleCatalogue } from './preview-catalogue';

const phone = (page: Page) => page.getByTestId('test-preview');
const onScreen = (page: Page, screen: Screen) => expect(page.locator(`[data-screen="${screen}"]`)).toBeVisible();

/** The slice of the DOM settle() reads (the journeys compile without the DOM library). */
interface PictureWindow {
  document: {
    fonts: { ready: Promise<unknown> };
    images: ArrayLike<{ complete: boolean; addEventListener(type: 'load', listener: () => void, options: { once: boolean }): void }>;
  };
}

/** Fonts loaded and every picture decoded: what a screenshot may show. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const w = globalThis as unknown as PictureWindow;
    await w.document.fonts.ready;
    await Promise.all(
      Array.from(w.document.images).map((image) =>
        image.complete ? Promise.resolve() : new Promise<void>((resolve) => image.addEventListener('load', () => resolve(), { once: true })),
      ),
    );
  });
}

async function open(page: Page, options: { templateId?: string; screen?: Screen; design?: unknown } = {}): Promise<void> {
  const search = new URLSearchParams({ templateId: options.templateId ?? 'glow-beauty' });
  if (options.screen) search.set('page', options.screen);
  await page.goto(`/test/preview?${search.toString()}${options.design === undefined ? '' : designFragment(options.design)}`);
  await onScreen(page, options.screen ?? 'splash');
}

test('a merchant taps through every internal page of the shop app', async ({ page }) => {
  await open(page, { screen: 'home-page' });
  const app = phone(page);
  await expect(app.getByRole('heading', { name: 'Glow Beauty Studio' })).toBeVisible();
  await expect(app.getByRole('search').getByText('search', { exact: true })).toBeVisible();

  const viaMenu = async (entry: string, screen: Screen) => {
    await app.getByRole('button', { name: 'Menu' }).click();
    const menu = app.getByRole('navigation', { name: 'Side menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: entry }).click();
    await onScreen(page, screen);
  };

  await viaMenu('Categories', 'categories-page');
  await app.getByRole('button', { name: 'Skin Care' }).click();
  await onScreen(page, 'product-list');
  await expect(app.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await app.getByRole('button', { name: 'Back' }).click();
  await onScreen(page, 'categories-page');

  await viaMenu('Order History', 'order-history');
  for (const status of ['created', 'processing', 'in-transit', 'order-arrived', 'delivered']) {
    await expect(app.locator(`[data-status="${status}"]`).first()).toBeVisible();
  }

  await viaMenu('Shopping Cart', 'cart');
  await expect(app.getByText('Total', { exact: true })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Customer care' })).toHaveCount(0);
  await app.getByRole('button', { name: 'Keep Shopping' }).click();
  await onScreen(page, 'home-page');
  await app.getByRole('button', { name: 'Cart' }).click();
  await app.getByRole('button', { name: 'Checkout', exact: true }).click();
  await onScreen(page, 'check-out');
  for (const section of ['Deliver To', 'Mode of Delivery', 'Order Summary', 'Payment Mode'])
    await expect(app.getByRole('heading', { name: section })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Place Order' })).toBeVisible();

  await viaMenu('Customer Care', 'customer-care');
  await expect(app.getByPlaceholder('start typing')).toBeVisible();
  await expect(app.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(app.getByRole('button', { name: 'Attach' })).toBeVisible();

  await viaMenu('Support', 'support');
  await app.getByRole('button', { name: /Chat with us/ }).click();
  await onScreen(page, 'customer-care');

  await viaMenu('Products', 'home-page');
  await app.locator('[data-screen="home-page"] main button').filter({ hasText: '$200.00' }).first().click();
  await onScreen(page, 'product-details');
  await expect(app.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await expect(app.getByRole('button', { name: 'S', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await app.getByRole('button', { name: 'M', exact: true }).click();
  await expect(app.getByRole('button', { name: 'M', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(app.getByRole('button', { name: 'S', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await app.getByRole('button', { name: 'Go Back' }).click();
  await onScreen(page, 'home-page');
  await expectAccessible(page);
});

test('the bottom bar goes Home, Categories and Orders; Account does nothing', async ({ page }) => {
  await open(page, { templateId: 'volt-mobile', screen: 'home-page' });
  const bar = phone(page).getByRole('navigation', { name: 'Bottom navigation' });
  await expect(phone(page).getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Home' })).toHaveAttribute('aria-pressed', 'true');
  await bar.getByRole('button', { name: 'Categories' }).click();
  await onScreen(page, 'categories-page');
  await expect(bar.getByRole('button', { name: 'Categories' })).toHaveAttribute('aria-pressed', 'true');
  await expect(bar.getByRole('button', { name: 'Home' })).toHaveAttribute('aria-pressed', 'false');
  await bar.getByRole('button', { name: 'Orders' }).click();
  await onScreen(page, 'order-history');
  await bar.getByRole('button', { name: 'Account' }).click();
  await onScreen(page, 'order-history');
  await bar.getByRole('button', { name: 'Home' }).click();
  await onScreen(page, 'home-page');
  await expectAccessible(page);
});

test('Add to Cart asks to check out; Yes goes to the checkout', async ({ page }) => {
  await open(page, { screen: 'product-details' });
  const app = phone(page);
  await app.getByRole('button', { name: 'Add to Cart' }).click();
  const dialog = app.getByRole('dialog');
  await expect(dialog.getByText('Product was added to cart.')).toBeVisible();
  await expect(dialog.getByText('Would you like to checkout now?.')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toHaveCount(0);
  await onScreen(page, 'product-details');
  await app.getByRole('button', { name: 'Add to Cart' }).click();
  await app.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await onScreen(page, 'check-out');
});

test('Play cycles the pages every 4000 ms from the splash screen, and Stop holds the page', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-11-23T10:00:00Z') });
  await page.goto('/templates/glow-beauty/preview');
  const card = page.getByRole('article', { name: 'Template Glow Beauty' });
  const shown = card.getByTestId('preview-screen-name');
  await expect(card.locator('[data-screen="splash"]')).toBeVisible();
  // From here the clock moves only when the test says so.
  await page.clock.pauseAt(new Date('2026-11-23T10:01:00Z'));
  await card.getByRole('button', { name: 'Play' }).click();
  await expect(shown).toHaveText('Splash screen');
  await page.clock.runFor(4000);
  await expect(shown).toHaveText('Login');
  await expect(card.locator('[data-screen="login"]')).toBeVisible();
  await page.clock.runFor(4000);
  await expect(shown).toHaveText('Home');
  await page.clock.runFor(3990);
  await expect(shown).toHaveText('Home');
  await page.clock.runFor(10);
  await expect(shown).toHaveText('Categories');
  await card.getByRole('button', { name: 'Stop' }).click();
  await page.clock.runFor(12_000);
  await expect(shown).toHaveText('Categories');

  // Random order: still a new page every 4000 ms.
  await card.getByLabel('Random order').check();
  await card.getByRole('button', { name: 'Play' }).click();
  await expect(shown).toHaveText('Splash screen');
  await page.clock.runFor(4000);
  await expect(shown).not.toHaveText('Splash screen');
  await card.getByRole('button', { name: 'Stop' }).click();
  await page.clock.resume();

  await expect(card.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Live Test' }).click();
  const liveTest = page.getByRole('dialog', { name: 'Live Test' });
  await expect(liveTest.getByText('Scan this QR code to open the design on your phone.')).toBeVisible();
  await expect(liveTest.getByRole('img', { name: 'QR code of template glow-beauty' })).toBeVisible();
  await liveTest.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('link', { name: 'Preview' }).click();
  await expect(page).toHaveURL('/test/preview?templateId=glow-beauty');
  await onScreen(page, 'splash');
});

test('an unknown template shows a not-found state; a broken design still renders', async ({ page }) => {
  await page.goto('/test/preview?templateId=no-such-template');
  await expect(page.getByRole('heading', { level: 1, name: 'Template not found' })).toBeVisible();
  await page.goto('/templates/no-such-template/preview');
  await expect(page.getByRole('heading', { level: 1, name: 'Template not found' })).toBeVisible();

  await open(page, {
    screen: 'home-page',
    design: { colors: { primary: 'blue!' }, appTemplate: { theme: 'template_z' }, homeCategories: 7, shop: { name: 'Renamed Shop With A Very Long Name' } },
  });
  await expect(phone(page).getByRole('heading', { name: 'Renamed Shop With A…' })).toBeVisible();
});

test('when the sample calls fail the preview still shows slides, made locally', async ({ page }) => {
  await serveSampleCatalogue(page, { fail: true });
  await open(page, { screen: 'home-page' });
  await expect(phone(page).locator('[aria-roledescription="slideshow"]')).toBeVisible();
  await expect(phone(page).getByText('No products yet.')).toHaveCount(0);
});

// ------------------------------------------------------------------ the screenshot set

interface Shot {
  name: string;
  screen: Screen;
  templateId?: string;
  design?: unknown;
  /** Taps before the picture. */
  act?: (page: Page) => Promise<void>;
}

const shots: Shot[] = [
  ...['theme_a', 'theme_b', 'theme_c', 'theme_d', 'theme_e', 'theme_f', 'theme_g', 'theme_h'].map((theme) => ({
    name: `splash-${theme}`,
    screen: 'splash' as const,
    design: { splashScreen: { theme } },
  })),
  { name: 'login-full-screen', screen: 'login' },
  { name: 'login-modal', screen: 'login', design: { loginScreen: { isFullScreen: false }, loginModal: { allowFacebookAuth: false } } },
  ...['template_a', 'template_b', 'template_c'].map((theme) => ({ name: `home-${theme}`, screen: 'home-page' as const, design: { appTemplate: { theme } } })),
  ...['theme_a', 'theme_b', 'theme_c', 'theme_d', 'theme_e', 'theme_f'].map((theme) => ({
    name: `home-categories-${theme}`,
    screen: 'home-page' as const,
    design: { homeCategories: { theme } },
  })),
  ...['theme_a', 'theme_b', 'theme_c', 'theme_d'].map((theme) => ({
    name: `search-${theme}`,
    screen: 'home-page' as const,
    design: { searchBar: { theme }, homeCategories: { isShow: false } },
  })),
  { name: 'search-in-toolbar', screen: 'home-page', design: { searchBar: { position: 'in-toolbar' } } },
  ...['theme_a', 'theme_b', 'theme_c'].map((theme) => ({ name: `categories-${theme}`, screen: 'categories-page' as const, design: { categories: { theme } } })),
  ...['theme_a', 'theme_b', 'theme_c'].map((theme) => ({
    name: `side-menu-${theme}`,
    screen: 'order-history' as const,
    design: { sideNavigationDrawer: { theme } },
    act: (page: Page) => phone(page).getByRole('button', { name: 'Menu' }).click(),
  })),
  ...['theme_a', 'theme_b', 'theme_c'].map((theme) => ({
    name: `bottom-bar-${theme}`,
    screen: 'home-page' as const,
    design: { bottomNavBar: { isShow: true, theme }, appTemplate: { hasSideNavBar: false } },
  })),
  ...['theme_a', 'theme_b', 'theme_c'].map((theme) => ({
    name: `product-details-${theme}`,
    screen: 'product-details' as const,
    design: { productDetailsBody: { theme }, productDetailsCTA: { theme } },
  })),
  { name: 'product-details-size-dropdown', screen: 'product-details', design: { sizesSelection: { theme: 'theme_a' } } },
  {
    name: 'product-details-reviews-tab',
    screen: 'product-details',
    design: { productDetailsBody: { theme: 'theme_b' } },
    act: (page) => phone(page).getByRole('button', { name: 'Reviews' }).click(),
  },
  { name: 'add-to-cart-dialog', screen: 'product-details', act: (page) => phone(page).getByRole('button', { name: 'Add to Cart' }).click() },
  { name: 'product-list', screen: 'product-list' },
  { name: 'cart', screen: 'cart' },
  { name: 'check-out', screen: 'check-out' },
  { name: 'order-history', screen: 'order-history' },
  { name: 'customer-care', screen: 'customer-care' },
  { name: 'support', screen: 'support' },
  { name: 'aurum-jewels-home', screen: 'home-page', templateId: 'aurum-jewels' },
  { name: 'volt-mobile-home', screen: 'home-page', templateId: 'volt-mobile' },
];

test.describe('screenshot set', () => {
  // The server shuffles sample products; pictures compared pixel by pixel need one fixed order.
  test.beforeEach(async ({ page }) => {
    await serveSampleCatalogue(page);
  });

  for (const shot of shots) {
    test(shot.name, async ({ page }) => {
      // The slideshow holds still for a reader who asked for less motion.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await open(page, { templateId: shot.templateId, screen: shot.screen, design: shot.design });
      if (shot.act) await shot.act(page);
      await settle(page);
      await expect(page).toHaveScreenshot(`${shot.name}.png`, { animations: 'disabled', maxDiffPixelRatio: 0.002 });
    });
  }
});
