/**
 * Public pages fast from the first byte (issue #11): every public page is served prerendered from
 * its React components, so it shows its content with JavaScript off, carries its own title,
 * description and Open Graph tags, and the client takes it over (hydration) without console
 * errors and without moving anything.
 */
import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES } from '@contract/pages';
import { STARTER_TEMPLATES } from '@contract/templates/starters';

/** The heading each public page opens with. */
const HEADINGS: Record<string, string | RegExp> = {
  '/': /mobile app/i,
  '/features': 'Features',
  '/pricing': 'Pricing',
  '/templates': 'Templates',
  '/about-us': 'About Us',
  '/faq': 'Frequently asked questions',
  '/contact-us': 'Contact Us',
  '/terms': 'Terms',
  '/privacy-policy': 'Privacy Policy',
};

test('every public page is listed here', () => {
  expect(Object.keys(HEADINGS).sort()).toEqual([...PUBLIC_PAGES].sort());
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of PUBLIC_PAGES) {
    test(`${path} shows its content, styled, with its own head`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const heading = page.getByRole('heading', { level: 1, name: HEADINGS[path] });
      await expect(heading).toBeVisible();
      // The nav bar and the footer's links work without a script.
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ShopApp Studio' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us', exact: true })).toHaveAttribute('href', '/contact-us');
      // Styled by the extracted MUI styles: the heading is white on the dark band.
      await expect(heading).toHaveCSS('color', 'rgb(255, 255, 255)');
      // Not the "turn JavaScript on" notice: the page itself is there.
      await expect(page.getByText('needs JavaScript')).toHaveCount(0);

      const title = await page.title();
      expect(title).toContain('ShopApp Studio');
      const meta = (selector: string) => page.locator(selector).getAttribute('content');
      const description = await meta('meta[name="description"]');
      expect(description?.length).toBeGreaterThan(20);
      expect(await meta('meta[property="og:title"]')).toBe(title);
      expect(await meta('meta[property="og:description"]')).toBe(description);
      expect(await meta('meta[property="og:url"]')).toMatch(new RegExp(`${path === '/' ? '/' : path}$`));
    });
  }

  test('/templates lists the templates its filter selects, each with its Use this template link', async ({ page }) => {
    await page.goto('/templates?category=phones_tablets');
    const list = page.getByRole('list', { name: 'Templates' });
    for (const starter of STARTER_TEMPLATES.filter((template) => template.category === 'phones_tablets')) {
      await expect(list.getByRole('link', { name: `Use this template: ${starter.name}` })).toHaveAttribute(
        'href',
        `/new-app/setup?templateId=${starter.templateId}`,
      );
    }
    await expect(list.getByRole('link', { name: 'Use this template: Glow Beauty' })).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: /\d+ templates?/ })).toBeVisible();
  });

  test('each page has a title and description of its own', async ({ page }) => {
    const seen = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      const head = `${await page.title()} ${await page.locator('meta[name="description"]').getAttribute('content')}`;
      expect(seen.has(head), path).toBe(false);
      seen.add(head);
    }
  });
});

test('sitemap.xml lists every public page', async ({ request, baseURL }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const body = await response.text();
  const locations = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  expect(locations.sort()).toEqual([...PUBLIC_PAGES].sort());
  expect(baseURL).toBeTruthy();
});

for (const path of PUBLIC_PAGES) {
  test(`${path} hydrates the prerendered page: no console errors, nothing painted again`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // Each time the page's style element is taken out of the document (a move), the browser drops
    // its stylesheet and restyles the whole page (src/app/emotion-cache.ts).
    await page.addInitScript(() => {
      // The slice of the DOM this uses (the journeys compile without the DOM library).
      type Removed = { nodeName: string; hasAttribute?: (name: string) => boolean };
      type Slice = {
        __styleMoves: number;
        MutationObserver: new (callback: (records: { removedNodes: Iterable<Removed> }[]) => void) => { observe: (target: unknown, options: object) => void };
        document: unknown;
      };
      const scope = globalThis as unknown as Slice;
      scope.__styleMoves = 0;
      new scope.MutationObserver((records) => {
        for (const record of records) for (const node of record.removedNodes) if (node.hasAttribute?.('data-served-emotion')) scope.__styleMoves += 1;
      }).observe(scope.document, { childList: true, subtree: true });
    });
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1, name: HEADINGS[path] });
    await expect(heading).toBeVisible();
    // Mark the server's heading element: hydration keeps the very node, a fresh render replaces it.
    await heading.evaluate((element) => element.setAttribute('data-from-server', 'yes'));
    // Hydrated: React has attached to the DOM (its fiber key on the element) and the client's
    // own effects ran (the document title set by the page).
    await expect.poll(() => heading.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))).toBe(true);
    await expect(heading).toHaveAttribute('data-from-server', 'yes');
    // The page's rules stayed where the server put them.
    await expect(page.locator('style[data-served-emotion]')).toHaveCount(1);
    expect(await page.evaluate(() => (globalThis as unknown as { __styleMoves: number }).__styleMoves)).toBe(0);
    if (path === '/templates') {
      // The gallery came with its templates (rendered for the request), and hydration kept them.
      const item = page.getByRole('list', { name: 'Templates' }).getByRole('listitem').first();
      await item.evaluate((element) => element.setAttribute('data-from-server', 'yes'));
      await expect.poll(() => item.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))).toBe(true);
      await expect(item).toHaveAttribute('data-from-server', 'yes');
    }
    // The Roboto faces, preloaded by the after-paint loader, are in use once their stylesheet applies.
    await expect
      .poll(() =>
        page.evaluate(() => {
          // The slice of the DOM this reads (the journeys compile without the DOM library).
          const { fonts } = (globalThis as unknown as { document: { fonts: Iterable<{ family: string; weight: string; status: string }> } }).document;
          return [...fonts].filter((face) => face.family.replace(/"/g, '') === 'Roboto').map((face) => `${face.weight} ${face.status}`);
        }),
      )
      .toEqual(expect.arrayContaining(['400 loaded', expect.stringMatching(/^500 /), expect.stringMatching(/^700 /)]));
    // The plans: the seed plans from the HTML, then the client's list, where the page shows them.
    if (path === '/pricing' || path === '/') await expect(page.getByRole('heading', { name: 'Starter' }).first()).toBeVisible();
    // Navigating works: the client router owns the page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('a returning visitor: the restored plans and templates cache never breaks the prerendered pages', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  for (const path of ['/', '/pricing', '/templates']) {
    await page.goto(path);
    if (path === '/templates') await expect(page.getByRole('list', { name: 'Templates' }).getByRole('listitem').first()).toBeVisible();
    else await expect(page.getByRole('heading', { name: 'Starter' }).first()).toBeVisible();
  }
  // Again, now with the query cache saved in this browser (and the service worker installed).
  for (const path of ['/', '/pricing', '/templates']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: HEADINGS[path] })).toBeVisible();
    if (path === '/templates') await expect(page.getByRole('list', { name: 'Templates' }).getByRole('listitem').first()).toBeVisible();
    else await expect(page.getByRole('heading', { name: 'Starter' }).first()).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('a visitor writes to the team through the contact form', async ({ page }) => {
  await page.goto('/contact-us');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByRole('button', { name: 'Send message' }).click();
  // Nothing sent yet: each field says what is missing.
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();
  await form.getByLabel('Your name').fill('Grace Hopper');
  await form.getByLabel('Email').fill('grace@example.com');
  await form.getByLabel('Subject').fill('Moving plans');
  await form.getByLabel('Message').fill('Can I move my app to another plan in the middle of a month?');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your message has reached our team, and we will reply to grace@example.com.' })).toBeVisible();
  await page.getByRole('button', { name: 'Write another message' }).click();
  await expect(page.getByRole('form', { name: 'Contact form' }).getByLabel('Subject')).toHaveValue('');
});
