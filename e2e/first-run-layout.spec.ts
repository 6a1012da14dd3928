/**
 * A new merchant's first run, as issue 27 found it (items 5, 7 and 8), checked by geometry at
 * 1280x800 and 390x844 with the verification banner showing: the design editor starts near the
 * top, its phone stays whole below the banner, the background thumbnails do not overlap, no label
 * is cut and no developer wording faces the merchant; the live phone page's banner is inside the
 * frame and nothing of the page covers a price; the QR dialog says what works and shares one
 * origin with the public link, which is off for a new app; Get Started opens Register; the
 * templates gallery is a compact grid.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { BrowserWindow } from './browser';
import { merchantWithShop } from './shops';

type Box = { x: number; y: number; width: number; height: number };

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function signIn(page: Page, token: string): Promise<void> {
  await page.addInitScript((stored) => (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored), JSON.stringify({ token }));
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}

/** The area two boxes share (0: they do not overlap). */
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** The bottom of the fixed bar with the verification banner in it. */
async function barBottom(page: Page): Promise<number> {
  await expect(page.getByText('Please verify your account.')).toBeVisible();
  const bar = await box(page.locator('header').first());
  return bar.y + bar.height;
}

const editorPhone = (page: Page) => page.getByTestId('design-preview').getByTestId('phone-frame');

async function expectWholeBelowBar(page: Page, viewport: { height: number }): Promise<void> {
  const top = await barBottom(page);
  await expect.poll(async () => (await box(editorPhone(page))).y, 'the phone starts below the bar').toBeGreaterThanOrEqual(top);
  const phone = await box(editorPhone(page));
  expect(phone.y + phone.height, 'the phone ends inside the window').toBeLessThanOrEqual(viewport.height);
  // Shrunk whole, never stretched: the frame keeps a phone's proportions.
  expect(phone.width / phone.height).toBeCloseTo(372 / 760, 2);
}

test.describe('the design editor at 1280x800', () => {
  test.use({ viewport: DESKTOP, isMobile: false, hasTouch: false });

  test('starts near the top, keeps the phone whole below the banner, shows the 46 backgrounds apart, cuts no label and speaks the merchant’s words', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { token, alias } = await merchantWithShop(request, 'Ada', 'Fabrics');
    await signIn(page, token);
    await page.goto(`/new-app/${alias}/design`);
    await expect(page.getByTestId('design-status')).toHaveText('All changes saved');
    await expect(page.getByTestId('design-status')).toHaveAttribute('data-revision', /^[1-9]\d*$/);
    const first = page.getByRole('tabpanel').locator('.dc-control').first();
    expect((await box(first)).y, 'the first control starts near the top').toBeLessThanOrEqual(400);

    // Scrolled (the phone sticky beside the controls): whole, below the bar and the banner.
    await page.mouse.wheel(0, 1400);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as BrowserWindow).scrollY)).toBeGreaterThan(1000);
    await expectWholeBelowBar(page, DESKTOP);

    // The 46 background pictures, none over another.
    const thumbnails = page.getByRole('radiogroup', { name: 'Background image' }).getByRole('radio');
    await expect(thumbnails).toHaveCount(46);
    const boxes = await thumbnails.evaluateAll((elements) =>
      elements
        .map((element) => (element as unknown as { getBoundingClientRect(): Box }).getBoundingClientRect())
        .map(({ x, y, width, height }) => ({ x, y, width, height })),
    );
    for (const [index, one] of boxes.entries()) {
      expect(one.height, `thumbnail ${index} has a height`).toBeGreaterThan(40);
      for (const other of boxes.slice(index + 1)) expect(overlap(one, other), `thumbnail ${index} overlaps another`).toBeLessThan(1);
    }

    // Theme options by name beside the spec's letters; colours in one web field each; the logo as a picture.
    const themes = page.getByRole('radiogroup', { name: 'Theme' });
    await expect(themes.getByRole('radio', { name: 'Floating card' })).toBeChecked();
    await expect(themes.getByText(/^Theme [A-H]$/)).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Your logo' })).toBeVisible();
    await expect(page.getByText('Logo URL')).toHaveCount(0);
    await expect(page.getByText(/\/uploads\//)).toHaveCount(0);
    await expect(page.getByLabel('Background gradient from', { exact: true })).toHaveValue(/^#[0-9A-F]{8}$/);

    for (const section of ['Splash Screen', 'General', 'Home Page', 'Product Details']) {
      await page.getByRole('tab', { name: section }).click();
      await expect(page.getByRole('tab', { name: section, selected: true })).toBeVisible();
      // No mobile-form colour (0xAARRGGBB) and no revision number on screen.
      const values = await page
        .getByRole('tabpanel')
        .locator('input[type="text"], input:not([type])')
        .evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value));
      expect(
        values.filter((value) => /^0x/i.test(value)),
        `${section}: mobile-form colours`,
      ).toEqual([]);
      await expect(page.getByText(/revision/i)).toHaveCount(0);
      // Every field's label is shown whole.
      const cut = await page
        .getByRole('tabpanel')
        .locator('label')
        .evaluateAll((labels) =>
          labels
            .map((label) => label as unknown as { textContent: string; scrollWidth: number; clientWidth: number })
            .filter((label) => label.clientWidth > 0 && label.scrollWidth > label.clientWidth + 1)
            .map((label) => label.textContent),
        );
      expect(cut, `${section}: labels cut short`).toEqual([]);
    }
  });
});

test.describe('the design editor at 390x844', () => {
  test.use({ viewport: PHONE });

  test('starts near the top; Preview shows the whole phone below the banner', async ({ page, request }) => {
    const { token, alias } = await merchantWithShop(request, 'Bola', 'Prints');
    await signIn(page, token);
    await page.goto(`/new-app/${alias}/design`);
    await expect(page.getByTestId('design-status')).toHaveText('All changes saved');
    const first = page.getByRole('tabpanel').locator('.dc-control').first();
    expect((await box(first)).y, 'the first control starts near the top').toBeLessThanOrEqual(440);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(editorPhone(page)).toBeVisible();
    await expectWholeBelowBar(page, PHONE);
  });
});

/** The price boxes of the home page on screen, and whether `covers` lies over any of them. */
async function pricesCovered(page: Page, covers: Box[]): Promise<string[]> {
  // The price texts themselves (the row's box spans its card).
  const prices = page.getByTestId('live-preview').locator('.pv-card-price > *');
  const boxes = await prices.evaluateAll((elements) =>
    elements
      .map((element) => (element as unknown as { getBoundingClientRect(): Box }).getBoundingClientRect())
      .map(({ x, y, width, height }) => ({ x, y, width, height })),
  );
  return boxes.flatMap((price, index) =>
    covers.filter((cover) => overlap(price, cover) > 0).map(() => `price ${index} at ${Math.round(price.x)},${Math.round(price.y)}`),
  );
}

for (const [name, viewport] of [
  ['1280x800 (the phone framed)', DESKTOP],
  ['390x844 (the phone is the screen)', PHONE],
] as const) {
  test(`the live phone page at ${name}: the whole slide inside the phone, a few dots at most, and the status and chat button cover no price`, async ({
    browser,
    request,
  }) => {
    const { token, alias } = await merchantWithShop(request, 'Chidi', 'Gadgets');
    const context = await browser.newContext({ viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
    const page = await context.newPage();
    await signIn(page, token);
    await page.goto(`/test/preview?t=${alias}`);
    const live = page.getByTestId('live-preview');
    await expect(live.getByRole('status')).toHaveText('Live: showing the latest design');

    // The slide's picture is shown whole (its text is part of it), inside the phone's screen.
    const slideshow = live.locator('[aria-roledescription="slideshow"]');
    const picture = slideshow.locator('img');
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((image) => (image as unknown as { complete: boolean }).complete)).toBe(true);
    const shown = await box(picture);
    const natural = await picture.evaluate((image) => {
      const { naturalWidth, naturalHeight } = image as unknown as { naturalWidth: number; naturalHeight: number };
      return naturalWidth / naturalHeight;
    });
    expect(shown.width / shown.height, 'the slide is not cropped').toBeCloseTo(natural, 1);
    const screen = viewport === DESKTOP ? await box(live.getByTestId('phone-frame')) : { x: 0, y: 0, ...viewport };
    expect(shown.x).toBeGreaterThanOrEqual(screen.x);
    expect(shown.x + shown.width).toBeLessThanOrEqual(screen.x + screen.width);
    // Small marks for the slides: at most six dots.
    const dots = await slideshow
      .locator('span')
      .evaluateAll((spans) => spans.filter((span) => (span as unknown as { getBoundingClientRect(): Box }).getBoundingClientRect().height === 6).length);
    expect(dots).toBeLessThanOrEqual(6);

    const covers = [await box(live.getByRole('status')), await box(live.getByRole('button', { name: 'Customer care' }))];
    await expect(live.locator('.pv-card-price').first()).toBeVisible();
    expect(await pricesCovered(page, covers)).toEqual([]);
    // At the end of the list too.
    await live.locator('main').evaluate((main) => {
      const element = main as unknown as { scrollTop: number; scrollHeight: number };
      element.scrollTop = element.scrollHeight;
    });
    expect(await pricesCovered(page, covers)).toEqual([]);
    await context.close();
  });
}

test.describe('sharing and the QR code at 1280x800', () => {
  test.use({ viewport: DESKTOP, isMobile: false, hasTouch: false });

  test('a new app’s public link is off; the QR dialog says what works, links /app_viewer, and shares one origin with the public link and a template’s Live Test', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { token, alias } = await merchantWithShop(request, 'Dayo', 'Shoes');
    const origin = (
      (await (await request.get('/v1/realtime/preview-origin', { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { origin: string } }
    ).data.origin;
    await signIn(page, token);

    await page.goto(`/apps/${alias}`);
    const sharing = page.getByRole('region', { name: 'Public page' }).or(page.locator('section[aria-labelledby="sharing-heading"]'));
    const publicSwitch = sharing
      .getByRole('switch', { name: 'Anyone with the link can see the design' })
      .or(sharing.getByLabel('Anyone with the link can see the design'));
    await expect(publicSwitch).toBeEnabled();
    await expect(publicSwitch).not.toBeChecked();
    await expect(sharing.getByText('The public link is off')).toBeVisible();
    // The switch follows the server's answer.
    await publicSwitch.click();
    await expect(publicSwitch).toBeChecked();
    const publicLink = sharing.getByRole('link', { name: /\/apps\/.+\/public$/ });
    await expect(publicLink).toHaveText(`${origin}/apps/${alias}/public`);

    await page.goto(`/new-app/${alias}/design`);
    await page.getByRole('button', { name: 'Preview on your phone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview on your phone' });
    await expect(
      dialog
        .getByRole('heading', { name: 'With your phone’s camera (iPhone or Android)' })
        .or(dialog.getByRole('heading', { name: "With your phone's camera (iPhone or Android)" })),
    ).toBeVisible();
    await expect(dialog.getByText('Open the Camera app and point it at the code.')).toBeVisible();
    await expect(dialog.getByText(/Tap the link that appears: the design opens in the phone.s browser/)).toBeVisible();
    await expect(dialog.getByText('Install the live preview app from the Android store')).toBeVisible();
    await expect(dialog.getByText('Launch it.')).toBeVisible();
    await expect(dialog.getByText('Scan this QR code to open the design on your phone.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'where to get it' })).toHaveAttribute('href', '/app_viewer');
    const qrLink = dialog.getByRole('link', { name: /\/test\/preview\?/ });
    expect(new URL((await qrLink.textContent()) ?? '').origin).toBe(new URL(origin).origin);

    // A template card's Live Test: the same origin, not this browser's localhost.
    await page.goto('/templates');
    // The gallery is prerendered: its buttons answer once React has taken the page over.
    await page.waitForFunction(() =>
      (globalThis as unknown as { document: { documentElement: { hasAttribute(name: string): boolean } } }).document.documentElement.hasAttribute(
        'data-hydrated',
      ),
    );
    const card = page.getByRole('article', { name: 'Template Glow Beauty' });
    await card.getByRole('button', { name: 'Live Test' }).click();
    const liveTest = page.getByRole('dialog', { name: 'Live Test' });
    expect(new URL((await liveTest.getByRole('link', { name: /\/test\/preview\?/ }).textContent()) ?? '').origin).toBe(new URL(origin).origin);
    await liveTest.getByRole('link', { name: 'where to get it' }).click();

    await expect(page).toHaveURL('/app_viewer');
    await expect(page.getByRole('heading', { level: 2, name: /camera is enough/ })).toBeVisible();
    await expect(page.getByText(/The Camera app of an iPhone/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Choose an app to preview' })).toHaveAttribute('href', '/apps');
  });
});

test('Get Started opens the login modal on its Register tab; the nav bar’s Sign In/Up on Login', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Welcome' });
  await expect(dialog.getByRole('tab', { name: 'Register', selected: true })).toBeVisible();
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(dialog.getByRole('tab', { name: 'Register', selected: true })).toBeVisible();
  await page.goto('/');
  await page
    .getByRole('link', { name: 'Sign In/Up' })
    .or(page.getByRole('button', { name: 'Sign In/Up' }))
    .first()
    .click();
  await expect(dialog.getByRole('tab', { name: 'Login', selected: true })).toBeVisible();
});

test.describe('the templates gallery at 1280x800', () => {
  test.use({ viewport: DESKTOP, isMobile: false, hasTouch: false });

  test('17 templates in a compact grid: several a row, a bounded page', async ({ page }) => {
    await page.goto('/templates');
    const items = page.getByRole('list', { name: 'Templates' }).getByRole('listitem');
    await expect(items.nth(16)).toBeVisible();
    // The 17 starters, and any template an earlier journey on this server published.
    const count = await items.count();
    const tops = await items.evaluateAll((elements) =>
      elements.map((element) => Math.round((element as unknown as { getBoundingClientRect(): Box }).getBoundingClientRect().y)),
    );
    expect(tops.filter((top) => top === tops[0]).length, 'cards in the first row').toBeGreaterThanOrEqual(4);
    // Every card rendered (they mount as they come near), then the list's height per template:
    // 17 templates in at most 4,420 px of list (they took about 9,500, 560 px each).
    for (let index = 0; index < count; index += 1) {
      await items.nth(index).scrollIntoViewIfNeeded();
      await expect(items.nth(index).getByRole('article')).toBeVisible();
    }
    const list = await box(page.getByRole('list', { name: 'Templates' }));
    expect(list.height / count, 'list height per template').toBeLessThanOrEqual(260);
    const height = await page.evaluate(
      () => (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement.scrollHeight,
    );
    expect(height - list.height + (list.height / count) * 17, 'the page for 17 templates').toBeLessThanOrEqual(5500);
  });
});
