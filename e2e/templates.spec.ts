/**
 * Templates (issue #11): the homepage slider advances (and pauses on hover); the gallery filters
 * by category and tag; a merchant starts a new app from a template through setup; create -> edit
 * (the design editor) -> preview -> remove; the 21st template is refused; unknown ids are not
 * found; a SOVEREIGN may edit any template.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthResult } from '@contract/auth/schemas';
import type { Envelope } from '@contract/envelope';
import { expectAccessible } from './accessibility';
import { PASSWORD, registerThroughApi, uniqueEmail } from './accounts';
import type { BrowserWindow } from './browser';
import { ownServer } from './own-server';

void PASSWORD;
const PRODUCTS = join(process.cwd(), 'public', 'catalogue', 'products');
const LOGO = join(PRODUCTS, readdirSync(PRODUCTS).find((name) => name.endsWith('.webp')) ?? '');

async function signIn(page: Page, request: APIRequestContext, name: string): Promise<AuthResult> {
  const session = await registerThroughApi(request, name, uniqueEmail(name.toLowerCase()));
  await page.addInitScript(
    (stored) => {
      (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored);
    },
    JSON.stringify({ token: session.token }),
  );
  return session;
}

test('the homepage templates slider advances every 10 seconds to another template, and pauses on hover', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  // The slider loads as its section nears the screen.
  await page.getByRole('heading', { level: 2, name: 'Templates' }).scrollIntoViewIfNeeded();
  const position = page.getByTestId('slider-position');
  await position.scrollIntoViewIfNeeded();
  await expect(position).toHaveText(/^1 of \d+: /);
  const first = await position.textContent();
  await expectAccessible(page);
  await page.clock.fastForward(10_000);
  await expect(position).not.toHaveText(first ?? '');
  // A live preview card of the current template.
  await expect(page.getByRole('group', { name: /./ }).getByRole('article')).toBeVisible();
  await page.getByRole('region', { name: 'Templates' }).or(page.locator('[aria-roledescription="carousel"]')).first().hover();
  const paused = await position.textContent();
  await page.clock.fastForward(30_000);
  await expect(position).toHaveText(paused ?? '');
  await page.mouse.move(0, 0);
  await page.clock.fastForward(10_000);
  await expect(position).not.toHaveText(paused ?? '');
  // Focus inside pauses it too.
  await page.getByRole('button', { name: 'Next template' }).focus();
  const focused = await position.textContent();
  await page.clock.fastForward(30_000);
  await expect(position).toHaveText(focused ?? '');
});

test('the slider never moves on its own for users who prefer reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  // The slider loads as its section nears the screen.
  await page.getByRole('heading', { level: 2, name: 'Templates' }).scrollIntoViewIfNeeded();
  const position = page.getByTestId('slider-position');
  await position.scrollIntoViewIfNeeded();
  await expect(position).toHaveText(/^1 of \d+: /);
  await page.clock.fastForward(60_000);
  await expect(position).toHaveText(/^1 of \d+: /);
  await page.getByRole('button', { name: 'Next template' }).click();
  await expect(position).toHaveText(/^2 of \d+: /);
});

test('the gallery filters by category and searches by tag; cards offer Preview, Live Test and Play, but no Edit for a visitor', async ({ page }) => {
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Templates' }).getByRole('listitem');
  await expect(cards).toHaveCount(17);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Phones & Tablets' }).click();
  await expect(page).toHaveURL(/category=phones_tablets/);
  await expect(cards).toHaveCount(3);
  for (const card of await cards.all()) await expect(card).toHaveAttribute('data-category', 'phones_tablets');
  await page.getByRole('button', { name: 'All' }).click();
  await page.getByLabel('Search by tag').fill('gold');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/tag=gold/);
  await expect(cards).toHaveCount(1);
  const aurum = page.getByRole('article', { name: 'Template Aurum Jewels' });
  await expect(aurum).toBeVisible();
  await expect(aurum.getByRole('link', { name: 'Preview' })).toBeVisible();
  await expect(aurum.getByRole('button', { name: 'Live Test' })).toBeVisible();
  await expect(aurum.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await aurum.getByRole('button', { name: 'Play' }).click();
  await expect(aurum.getByRole('button', { name: 'Stop' })).toBeVisible();
  await page.getByLabel('Search by tag').fill('no-such-tag');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText("No templates match the tag 'no-such-tag'.")).toBeVisible();
});

test('Use this template starts a new app from it through setup: the new shop gets the template design', async ({ page, request }) => {
  const session = await signIn(page, request, 'Templa');
  await page.goto('/templates?category=phones_tablets');
  await page.getByRole('link', { name: 'Use this template: Volt Mobile' }).click();
  await expect(page).toHaveURL(/\/new-app\/setup\?templateId=volt-mobile/);
  await expect(page.getByText('Your new app starts from the template')).toBeVisible();
  await page.getByLabel('Business name').fill(`Volt Copy ${Date.now().toString(36)}`);
  await page.getByLabel('Logo file').setInputFiles(LOGO);
  await page.getByRole('dialog', { name: 'Crop your logo' }).getByRole('button', { name: 'Use this logo' }).click();
  await expect(page.getByText('Logo uploaded.')).toBeVisible();
  await page.getByLabel('Business address').fill('Lago');
  await page.getByRole('option', { name: 'Lagos, Nigeria' }).click();
  await page.getByLabel('Currency').click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText('Project created!')).toBeVisible();
  await expect(page).toHaveURL(/\/new-app\/volt-copy-[a-z0-9-]+\/design/);
  const alias = /\/new-app\/([^/]+)\/design/.exec(page.url())?.[1] ?? '';
  const shop = await request.get(`/v1/admin/shops/${alias}`, { headers: { Authorization: `Bearer ${session.token}` } });
  const config = ((await shop.json()) as Envelope<{ config: { appTemplate: { theme: string }; colors: { primary: string } } }>).data.config;
  expect(config.appTemplate.theme).toBe('template_c');
  expect(config.colors.primary).toBe('#0F62FEFF');
});

test('create -> edit in the design editor -> preview -> remove; unknown ids are not found; another merchant may not edit @cluster', async ({
  page,
  request,
  browser,
}) => {
  await signIn(page, request, 'Author');
  await page.goto('/templates/create-template');
  await page.getByLabel('Template name').fill('Coral Market');
  await page.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Groceries' }).click();
  await page.getByLabel('Tags').fill('coral, fresh');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page).toHaveURL(/\/templates\/coral-market-[0-9a-f]{6}\/edit/);
  const templateId = /\/templates\/([^/]+)\/edit/.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Edit template Coral Market' })).toBeVisible();
  // The same design editor as an app's.
  await expect(
    page
      .getByRole('button', { name: /Splash Screen/ })
      .or(page.getByRole('tab', { name: /Splash Screen/ }))
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('engine-release')).toHaveText(/engine 3\.2\.0 \(merchant-app\)/);
  await expectAccessible(page);
  await page.getByLabel('Template name').fill('Coral Market Deluxe');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template saved (version 1)')).toBeVisible();

  await page.getByRole('link', { name: 'Preview template' }).click();
  await expect(page).toHaveURL(new RegExp(`/templates/${templateId}/preview`));
  await expect(page.getByRole('heading', { level: 1, name: 'Coral Market Deluxe preview' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Template Coral Market Deluxe' });
  await expect(card.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expectAccessible(page);

  // Another merchant sees the preview without Edit, and the edit route refuses them.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, request, 'Other');
  await otherPage.goto(`/templates/${templateId}/preview`);
  await expect(otherPage.getByRole('article', { name: 'Template Coral Market Deluxe' })).toBeVisible();
  await expect(otherPage.getByRole('article').getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await otherPage.goto(`/templates/${templateId}/edit`);
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
  await other.close();

  await card.getByRole('link', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Remove template' }).click();
  await page.getByRole('alertdialog', { name: 'Remove this template?' }).getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText('Template removed')).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);
  await page.goto(`/templates/${templateId}/preview`);
  await expect(page.getByRole('heading', { level: 1, name: 'Template not found' })).toBeVisible();
  await page.goto('/templates/no-such-template/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'Template not found' })).toBeVisible();
});

test('the 21st template is refused with the spec message, on the page and by the server', async ({ page, request }) => {
  const session = await signIn(page, request, 'Prolific');
  const headers = { Authorization: `Bearer ${session.token}` };
  for (let index = 1; index <= 20; index += 1) {
    const created = await request.post('/v1/templates', { headers, data: { name: `Bulk Template ${index}`, category: 'baby' } });
    expect(created.status()).toBe(201);
  }
  await page.goto('/templates/create-template');
  await expect(page.getByRole('alert').filter({ hasText: 'Maximum number of allowed templates reached!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create template' })).toBeDisabled();
  const refused = await request.post('/v1/templates', { headers, data: { name: 'One Too Many', category: 'baby' } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe('Maximum number of allowed templates reached!');
});

test.describe('a SOVEREIGN', () => {
  const server = ownServer('templates');
  test.afterAll(() => server.tearDown());

  test('may edit any template, a starter included', async ({ page }) => {
    const sovereign = await server.setUpSovereign('Sov');
    await page.addInitScript(
      (stored) => {
        (globalThis as unknown as BrowserWindow).localStorage.setItem('portal-session', stored);
      },
      JSON.stringify({ token: sovereign.token }),
    );
    await page.goto(`${server.origin}/templates/glow-beauty/preview`);
    const card = page.getByRole('article', { name: 'Template Glow Beauty' });
    await card.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit template Glow Beauty' })).toBeVisible();
    await page.getByLabel('Tags').fill('beauty, pink, featured');
    await page.getByRole('button', { name: 'Save template' }).click();
    await expect(page.getByText('Template saved (version 1)')).toBeVisible();
  });
});
