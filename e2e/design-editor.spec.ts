/**
 * The design editor (issue 10, editor half): the primary colour restyles the preview's toolbar;
 * undo and redo by button and keyboard; each section moves the preview to its page; the bottom
 * bar closes the side drawer; the contrast warning; a stranger's 403 and an unknown alias's 404;
 * the Preview instructions modal's QR code, decoded here, carries the spec's fields. Issue 27: the
 * phone shows the merchant's trade; the primary colour reaches every field that follows it.
 */
import jsQR from 'jsqr';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { derivePrimary, parseColour, readableAgainst } from '@contract/colour';
import { expectAccessible } from './accessibility';
import { registerThroughApi, uniqueEmail } from './accounts';
import type { BrowserWindow } from './browser';
import { catalogueImagesOf } from './preview-catalogue';
import { merchantWithShop } from './shops';

test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

async function signIn(page: Page, token: string) {
  await page.addInitScript((stored) => (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored), JSON.stringify({ token }));
}

const preview = (page: Page) => page.getByTestId('design-preview');
const toolbar = (page: Page) => preview(page).locator('header').first();
interface StyledWindow {
  getComputedStyle(element: unknown): { backgroundImage: string };
}
const toolbarBackground = (page: Page) =>
  toolbar(page).evaluate((element) => (globalThis as unknown as StyledWindow).getComputedStyle(element).backgroundImage);

/** In the page: the QR code's SVG drawn on a white 400x400 canvas, its RGBA pixels. */
const QR_PIXELS = `async (svg) => {
  const image = new Image();
  image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(new XMLSerializer().serializeToString(svg));
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = 400;
  canvas.height = 400;
  const context = canvas.getContext('2d');
  context.fillStyle = '#FFFFFF';
  context.fillRect(0, 0, 400, 400);
  context.drawImage(image, 0, 0, 400, 400);
  return Array.from(context.getImageData(0, 0, 400, 400).data);
}`;
const toolbarTitle = (page: Page) => toolbar(page).getByRole('heading', { level: 2 });

async function setColour(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Enter');
}

interface CssWindow {
  getComputedStyle(element: unknown): Record<'backgroundColor' | 'backgroundImage' | 'color', string>;
}
const cssOf = (locator: Locator, property: 'backgroundColor' | 'backgroundImage' | 'color') =>
  locator.evaluate((element, name) => (globalThis as unknown as CssWindow).getComputedStyle(element)[name], property);
/** A stored colour as the browser computes it: `rgb(183, 28, 28)`. */
function rgb(colour: string): string {
  const { r, g, b } = parseColour(colour) ?? { r: 0, g: 0, b: 0 };
  return `rgb(${r}, ${g}, ${b})`;
}

test('a stranger gets the 403 page; an unknown alias the 404 page', async ({ page, request }) => {
  const owner = await merchantWithShop(request, 'Adaeze');
  const stranger = await registerThroughApi(request, 'Tunde', uniqueEmail('tunde'));
  await signIn(page, stranger.token);
  await page.goto(`/new-app/${owner.alias}/design`);
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Design sections' })).toHaveCount(0);
  await page.goto('/new-app/no-such-shop-here/design');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('primary colour restyles the toolbar; undo/redo by button and keyboard; sections move the preview; bottom bar closes the drawer; contrast warning', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { token, alias, name } = await merchantWithShop(request, 'Ngozi');
  await signIn(page, token);
  await page.goto(`/new-app/${alias}/design`);
  await expect(page.getByRole('heading', { level: 1, name: 'Design your app' })).toBeVisible();
  // The editor's header (first in the page; the phone's splash shows the name too once seeded).
  await expect(page.getByRole('heading', { level: 2, name }).first()).toBeVisible();
  // The first visit stores the shop's design: status from the sync hook.
  await expect(page.getByTestId('design-status')).toHaveText('All changes saved');
  await expect(page.getByTestId('design-status')).toHaveAttribute('data-revision', /^[1-9]\d*$/);

  // Splash Screen first: the phone shows the splash; the splash theme picker has eight thumbnails.
  await expect(page.getByRole('tab', { name: 'Splash Screen', selected: true })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio')).toHaveCount(8);
  await expect(page.getByText('Ripples count')).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Ripples', exact: true }).click();
  await expect(page.getByText(/^Ripples count/)).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Background image' }).getByRole('radio')).toHaveCount(46);
  await expectAccessible(page);

  // General: the preview moves to the home page; the primary colour restyles its toolbar.
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(toolbarTitle(page)).toBeVisible();
  const before = await toolbarBackground(page);
  await setColour(page, 'Primary', '#000000FF');
  await expect.poll(() => toolbarBackground(page)).toContain('rgb(0, 0, 0)');
  // Derivation: the toolbar text turns white.
  await expect(page.getByLabel('Toolbar foreground', { exact: true })).toHaveValue('#FFFFFFFF');
  // One field per colour, in the web form; the mobile form typed into it is converted.
  await expect(page.getByLabel('Primary (mobile)', { exact: true })).toHaveCount(0);
  await setColour(page, 'Primary', '0xFF123456');
  await expect(page.getByLabel('Primary', { exact: true })).toHaveValue('#123456FF');
  await expect.poll(() => toolbarBackground(page)).toContain('rgb(18, 52, 86)');

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => toolbarBackground(page)).toContain('rgb(0, 0, 0)');
  await page.getByRole('tab', { name: 'General' }).focus();
  await page.keyboard.press('Control+z');
  await expect.poll(() => toolbarBackground(page)).toBe(before);
  await page.keyboard.press('Control+Shift+Z');
  await expect.poll(() => toolbarBackground(page)).toContain('rgb(0, 0, 0)');
  await page.keyboard.press('Control+y');
  await expect.poll(() => toolbarBackground(page)).toContain('rgb(18, 52, 86)');
  await expect(page.getByRole('button', { name: 'Redo' })).toBeDisabled();

  // Contrast: a mid grey primary with white toolbar text falls below WCAG AA.
  await expect(page.getByTestId('contrast-warning')).toHaveCount(0);
  await setColour(page, 'Primary', '#9E9E9E');
  await expect(page.getByTestId('contrast-warning')).toContainText(
    /Toolbar text on the primary colour has a contrast of 2\.\d:1, below the 4\.5:1 WCAG AA asks for\./,
  );
  await setColour(page, 'Primary', '#1E3A8A');
  await expect(page.getByTestId('contrast-warning')).toHaveCount(0);

  // Bottom bar on closes the side drawer: the hamburger goes, the bar appears.
  await expect(toolbar(page).getByRole('button', { name: 'Menu' })).toBeVisible();
  const drawer = page.getByRole('switch', { name: 'Side navigation drawer' }).or(page.getByLabel('Side navigation drawer'));
  await expect(drawer).toBeChecked();
  await page.getByLabel('Bottom nav bar', { exact: true }).check();
  await expect(drawer).not.toBeChecked();
  await expect(toolbar(page).getByRole('button', { name: 'Menu' })).toHaveCount(0);

  // Each section moves the preview to the page it styles.
  for (const [section, title] of [
    ['Shopping Cart', 'Shopping Cart'],
    ['Product Details', 'Details'],
    ['Products List', 'Products'],
    ['Checkout', 'Checkout'],
    ['Order History', 'Order History'],
    ['Categories Page', 'Categories'],
    ['Chat', 'Customer Care'],
  ] as const) {
    await page.getByRole('tab', { name: section }).click();
    await expect(toolbarTitle(page)).toHaveText(title);
  }

  // Every edit was stored: nothing waits, and a reload shows the last design.
  await expect(page.getByTestId('design-status')).toHaveText('All changes saved');
  await page.reload();
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByLabel('Primary', { exact: true })).toHaveValue('#1E3A8AFF');
  await expect(page.getByLabel('Bottom nav bar', { exact: true })).toBeChecked();
  await expectAccessible(page);
});

test('Preview on your phone: the QR code decodes to this portal’s live preview URL with the spec’s fields; phones switch editor and preview', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { token, alias } = await merchantWithShop(request, 'Kemi');
  await signIn(page, token);
  await page.goto(`/new-app/${alias}/design`);
  await page.getByRole('button', { name: 'Preview on your phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview on your phone' });
  await expect(dialog.getByText('Install the live preview app from the Android store')).toBeVisible();
  await expect(dialog.getByText('Launch it.')).toBeVisible();
  await expect(dialog.getByText('Scan this QR code to open the design on your phone.')).toBeVisible();
  const qr = dialog.getByTestId('preview-qr');
  await expect(qr).toHaveAttribute('width', '200');
  await expectAccessible(page);

  // The SVG drawn onto a canvas in the page, its pixels decoded by jsQR here.
  const pixels = (await page.evaluate(`(${QR_PIXELS})(document.querySelector('[data-testid="preview-qr"]'))`)) as number[];
  const code = jsQR(Uint8ClampedArray.from(pixels), 400, 400);
  expect(code, 'the QR code decodes').not.toBeNull();
  const url = new URL(code?.data ?? '');
  // This portal, as a phone reaches it: the public origin or the server's LAN address.
  const origin = (
    (await (await request.get('/v1/realtime/preview-origin', { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { origin: string } }
  ).data.origin;
  expect(url.origin).toBe(new URL(origin).origin);
  expect(url.pathname).toBe('/test/preview');
  // templateId and templateCategory given; version 0, type CLIENT, ownerType TEMPLATE and
  // environment production are the defaults the short URL leaves out (src/features/design/preview-url.ts).
  // p: the shop's preview key, which lets the phone read the design while the public link is off.
  const { p: key, ...fields } = Object.fromEntries(url.searchParams);
  expect(fields).toEqual({ t: alias, c: 'fashion' });
  expect(key).toMatch(/^[A-Za-z0-9_-]{12}$/);
  // Level H holds 84 bytes at version 8 and 98 at version 9: this ~80-character URL (a long test
  // alias, a port, the key) needs version 8 or 9 (53x53 modules).
  expect(code?.version, `QR version for ${code?.data.length} characters`).toBeLessThanOrEqual(9);

  // The public link off: the QR code's URL still opens on a phone (no account) and follows an
  // edit live; the same URL without the key says the design is private.
  const off = await request.put(`/v1/shops/${alias}/sharing`, { headers: { Authorization: `Bearer ${token}` }, data: { publicLink: false } });
  expect(off.status()).toBe(200);
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await phonePage.goto(url.pathname + url.search);
  const phoneView = phonePage.getByTestId('live-preview');
  await expect(phoneView.getByRole('status')).toHaveText('Live: showing the latest design');
  const before = Number(await phoneView.getAttribute('data-revision'));
  const edit = await request.post('/v1/realtime/edits', {
    headers: { Authorization: `Bearer ${token}` },
    data: { editId: `e2e${Date.now().toString(36)}key`, updates: { [`apps/production/${alias}/0/data/colors/accent`]: '#00FF00FF' } },
  });
  expect(edit.status()).toBe(200);
  await expect(phoneView).toHaveAttribute('data-revision', String(before + 1));
  await phonePage.goto(`/test/preview?t=${alias}&c=fashion`);
  await expect(phonePage.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await expect(phonePage.getByText('This design is private.')).toBeVisible();
  await phone.close();
  await dialog.getByRole('link', { name: 'where to get it' }).click();
  await expect(page).toHaveURL('/app_viewer');
  await expect(page.getByRole('heading', { level: 1, name: 'Get the live preview app' })).toBeVisible();
  await expectAccessible(page);

  // A phone: one at a time, with a switch.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/new-app/${alias}/design`);
  await expect(page.getByRole('tablist', { name: 'Design sections' })).toBeVisible();
  await expect(preview(page)).toBeHidden();
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(preview(page)).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Design sections' })).toBeHidden();
  await page.getByRole('button', { name: 'Editor', exact: true }).click();
  await expect(page.getByRole('tablist', { name: 'Design sections' })).toBeVisible();
});

test('picked Fashion -> Dresses: the phone in the design editor shows fashion, no other trade', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { token, alias } = await merchantWithShop(request, 'Amaka');
  await signIn(page, token);
  await page.goto(`/new-app/category-selection?alias=${alias}`);
  await expect(page.getByRole('button', { name: 'Fashion', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('group', { name: 'Categories of interest' }).getByRole('button', { name: 'Dresses' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to design' }).click();
  await expect(page).toHaveURL(`/new-app/${alias}/design`);

  await page.getByRole('tab', { name: 'Home Page' }).click();
  const home = preview(page).locator('[data-screen="home-page"]');
  // The chosen category, the trade's first slide and its products.
  await expect(home.getByRole('button', { name: 'Dresses' })).toBeVisible();
  await expect(home.getByRole('img', { name: 'Summer edit is here' })).toBeVisible();
  await expect(home.locator('.pv-card').first()).toBeVisible();
  const fashion = catalogueImagesOf(2);
  const pictures = (await home.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''))).filter((src) =>
    src.startsWith('/catalogue/'),
  );
  expect(pictures.length).toBeGreaterThan(10);
  expect(
    pictures.filter((src) => !fashion.has(src)),
    'pictures of another trade (a TV, a basketball, a sofa, ...)',
  ).toEqual([]);
  await expect(home.getByText('Televisions')).toHaveCount(0);
});

test('the primary colour reaches the Search button, prices, the selected chip and the login button; a colour set by hand stays', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token, alias } = await merchantWithShop(request, 'Ifeoma');
  await signIn(page, token);
  await page.goto(`/new-app/${alias}/design`);
  await expect(page.getByTestId('design-status')).toHaveText('All changes saved');
  const red = derivePrimary('#B71C1C');
  const blue = derivePrimary('#0D47A1');

  await page.getByRole('tab', { name: 'General' }).click();
  await setColour(page, 'Primary', '#B71C1C');
  await page.getByRole('tab', { name: 'Home Page' }).click();
  const home = preview(page).locator('[data-screen="home-page"]');
  const search = home.getByRole('search').getByText('Search', { exact: true });
  const price = home.locator('.pv-card-price strong').first();
  // The first category chip is the selected one.
  const chip = home.getByRole('button', { name: 'Dresses' });
  await expect.poll(() => cssOf(search, 'backgroundColor')).toBe(rgb(red.primary));
  await expect.poll(() => cssOf(price, 'color')).toBe(rgb(red.primary));
  // The light shade, toned until the chip's dark text reads on it.
  await expect.poll(() => cssOf(chip, 'backgroundColor')).toBe(rgb(readableAgainst(red.primaryLight, '#212121')));
  await page.getByRole('tab', { name: 'Login' }).click();
  const signInButton = preview(page).getByRole('button', { name: 'Sign In' });
  await expect.poll(() => cssOf(signInButton, 'backgroundImage')).toContain(rgb(red.primary));

  // The Search button set by hand: the next primary colour leaves it alone, and moves the rest.
  await page.getByRole('tab', { name: 'Home Page' }).click();
  await setColour(page, 'Search bar button background', '#00A651');
  await expect.poll(() => cssOf(search, 'backgroundColor')).toBe('rgb(0, 166, 81)');
  await page.getByRole('tab', { name: 'General' }).click();
  await setColour(page, 'Primary', '#0D47A1');
  await page.getByRole('tab', { name: 'Home Page' }).click();
  await expect.poll(() => cssOf(price, 'color')).toBe(rgb(blue.primary));
  await expect.poll(() => cssOf(chip, 'backgroundColor')).toBe(rgb(readableAgainst(blue.primaryLight, '#212121')));
  await expect.poll(() => cssOf(search, 'backgroundColor')).toBe('rgb(0, 166, 81)');

  // Stored: after a reload the hand-set colour still holds through another primary change.
  await expect(page.getByTestId('design-status')).toHaveText('All changes saved');
  await page.reload();
  await page.getByRole('tab', { name: 'General' }).click();
  await setColour(page, 'Primary', '#B71C1C');
  await page.getByRole('tab', { name: 'Home Page' }).click();
  await expect.poll(() => cssOf(price, 'color')).toBe(rgb(red.primary));
  await expect.poll(() => cssOf(search, 'backgroundColor')).toBe('rgb(0, 166, 81)');
});
