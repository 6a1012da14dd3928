/**
 * The public pages prerendered from their React components (src/prerender/render.tsx) and served
 * by the portal (server/src/web/prerendered.ts): each page's HTML holds its own heading and copy,
 * its styles, and its own title, description and Open Graph tags; /sitemap.xml lists them all.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HERO, PRODUCT_NAME } from '@contract/brand';
import { SEED_PLAN_LIST } from '@contract/plans/seed-plans';
import { PUBLIC_PAGES } from '@contract/pages';
import { escapeHtml } from '../../server/src/html';
import type { PrerenderedPage, ServedData } from '@contract/pages';
import { templateKeys } from '@contract/templates/filter';
import type { Template } from '@contract/templates/schemas';
import { databaseKinds, removeTempDirs } from './harness';
import { useApp } from './kit';

// The React side is TSX, outside the server's TypeScript project: loaded by path, typed here.
const RENDER_MODULE = '../../src/prerender/render.tsx';
const { renderPage } = (await import(/* @vite-ignore */ RENDER_MODULE)) as { renderPage(path: string, served?: ServedData): Promise<PrerenderedPage> };

const kinds = await databaseKinds();
afterAll(removeTempDirs);

/** The heading and a sentence of copy each page opens with, from the page components' own text. */
const EXPECTED: Record<string, { heading: string; copy: string }> = {
  '/': { heading: HERO.title, copy: HERO.lead },
  '/features': { heading: 'Features', copy: 'Everything you need to turn your shop into a branded mobile app' },
  '/pricing': { heading: 'Pricing', copy: 'How billing works' },
  '/templates': { heading: 'Templates', copy: 'Ready-made app designs' },
  '/about-us': { heading: 'About Us', copy: `${PRODUCT_NAME} helps shop owners` },
  '/faq': { heading: 'Frequently asked questions', copy: 'Short answers to the questions shop owners ask us most.' },
  '/contact-us': { heading: 'Contact Us', copy: 'Contact Us' },
  '/terms': { heading: 'Terms', copy: 'The rules for using' },
  '/privacy-policy': { heading: 'Privacy Policy', copy: 'How ShopApp Studio handles your information.' },
};

const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8" />
<title>ShopApp Studio</title>
<meta
  name="description"
  content="The template's description."
/>
<meta name="portal-client-credential" content="" /></head>
<body><noscript><p>Turn JavaScript on.</p></noscript><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>`;

const pages: PrerenderedPage[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  for (const page of PUBLIC_PAGES) pages.push(await renderPage(page));
  globalThis.fetch = realFetch;
}, 120_000);

const headingText = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<!-- -->/g, '');

describe('prerender', () => {
  it('renders every public page from its components: heading, copy, styles, own title and description', () => {
    expect(pages.map((page) => page.path)).toEqual([...PUBLIC_PAGES]);
    expect(Object.keys(EXPECTED).sort()).toEqual([...PUBLIC_PAGES].sort());
    for (const page of pages) {
      const expected = EXPECTED[page.path]!;
      expect(headingText(page.html), page.path).toBe(escapeHtml(expected.heading));
      expect(page.html, page.path).toContain(escapeHtml(expected.copy));
      // The shell around it: the nav bar's links and the footer.
      expect(page.html, page.path).toContain('href="/pricing"');
      expect(page.html, page.path).toContain('href="/contact-us"');
      // MUI's styles extracted, for the response's nonce: the page's rules in one element, which the
      // client's cache takes over where it is (src/app/emotion-cache.ts), and global styles that
      // emotion's caches leave alone (data-s).
      expect(page.styles, page.path).toMatch(/<style data-served-emotion="css [^"]+" nonce="__CSP_STYLE_NONCE__">/);
      expect(page.styles, page.path).not.toMatch(/<style data-emotion="css /);
      expect(page.styles, page.path).not.toMatch(/<style data-emotion="css-global [^"]+" nonce/);
      expect(page.html, page.path).not.toContain('<script');
      expect(page.title, page.path).toContain(PRODUCT_NAME);
      expect(page.description.length, page.path).toBeGreaterThan(20);
    }
    expect(new Set(pages.map((page) => page.title)).size).toBe(pages.length);
    expect(new Set(pages.map((page) => page.description)).size).toBe(pages.length);
    // The plans are painted from the HTML: the seed plans, which the client then refreshes.
    for (const plan of SEED_PLAN_LIST) expect(pages.find((page) => page.path === '/pricing')?.html).toContain(escapeHtml(plan.description));
  });

  it('renders /templates with the templates the server read for it, as the client will (its filter from the address)', async () => {
    const template = (templateId: string, name: string, category: Template['category']): Template => ({
      templateId,
      name,
      category,
      tags: ['gold', 'shine'],
      isPublished: 1,
      isDefault: 1,
      version: 1,
      colors: [],
      images: [],
      data: { shop: { alias: `${templateId}-shop`, name, logo: '' }, version: 0, configVersion: 0 },
      createdAt: '2026-11-27T00:00:00.000Z',
      updatedAt: '2026-11-27T00:00:00.000Z',
      creation: {},
    });
    const list = [
      template('glow', 'Glow Beauty', 'phones_tablets'),
      template('volt', 'Volt Mobile', 'phones_tablets'),
      template('zinc', 'Zinc Phones', 'phones_tablets'),
    ];
    const page = await renderPage('/templates?category=phones_tablets', {
      readAt: Date.now(),
      queries: [{ queryKey: templateKeys.list({ category: 'phones_tablets' }), data: list }],
    });
    globalThis.fetch = realFetch;
    expect(page.path).toBe('/templates');
    const text = page.html.replace(/<!-- -->/g, '');
    expect(text).toContain('3 templates');
    for (const { name } of list) expect(page.html).toContain(`aria-label="Use this template: ${name}"`);
    // The first two cards come rendered (the first screen and the next); the third waits for the viewport.
    expect(page.html).toContain('aria-label="Template Glow Beauty"');
    expect(page.html).toContain('aria-label="Template Volt Mobile"');
    expect(page.html).not.toContain('aria-label="Template Zinc Phones"');
    expect(page.html).not.toContain('Switched to client rendering');
    expect(page.html).toContain('href="/new-app/setup?templateId=glow"');
    expect(text).toContain('Phones &amp; Tablets · gold, shine');
    // The data of another filter is not this page's: it renders its loading state.
    const other = await renderPage('/templates?category=autos', {
      readAt: Date.now(),
      queries: [{ queryKey: templateKeys.list({ category: 'phones_tablets' }), data: list }],
    });
    globalThis.fetch = realFetch;
    expect(other.html).not.toContain('Use this template');
  });

  it('fails for a path no public page has', async () => {
    await expect(renderPage('/no/such/page')).rejects.toThrow('/no/such/page');
    globalThis.fetch = realFetch;
  });
});

describe.each(kinds)('prerendered pages served on %s', (kind) => {
  const kit = useApp(kind, {
    env: { PUBLIC_URL: 'https://portal.example' },
    prepare: (config) => {
      mkdirSync(path.join(config.DIST_DIR, '.vite'), { recursive: true });
      mkdirSync(path.join(config.DIST_DIR, 'assets'), { recursive: true });
      writeFileSync(path.join(config.DIST_DIR, 'index.html'), INDEX_HTML);
      writeFileSync(path.join(config.DIST_DIR, 'assets', 'index-1.js'), 'console.log(1)');
      writeFileSync(path.join(config.DIST_DIR, '.vite', 'prerender.json'), JSON.stringify(pages));
    },
  });

  it('serves each public page with its content in #root and its own head', async () => {
    for (const page of pages) {
      for (const url of [page.path, page.path === '/' ? '/?ref=abc' : `${page.path}/`]) {
        const response = await kit.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        const html = response.body;
        expect(headingText(html), url).toBe(escapeHtml(EXPECTED[page.path]!.heading));
        expect(html, url).toContain(`<div id="root" data-prerendered="${page.path}">`);
        expect(html.match(/<title>/g), url).toHaveLength(1);
        expect(html, url).toContain(`<title>${escapeHtml(page.title)}</title>`);
        expect(html, url).toContain(`<meta name="description" content="${escapeHtml(page.description)}" />`);
        expect(html, url).not.toContain("The template's description.");
        expect(html, url).toContain(`<meta property="og:title" content="${escapeHtml(page.title)}" />`);
        expect(html, url).toContain(`<meta property="og:description" content="${escapeHtml(page.description)}" />`);
        expect(html, url).toContain(`<meta property="og:url" content="https://portal.example${page.path}" />`);
        expect(html, url).toContain(`<link rel="canonical" href="https://portal.example${page.path}" />`);
        // The response's nonce on the extracted styles; no "needs JavaScript" notice.
        const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
        expect(nonce, url).toBeTruthy();
        expect(html, url).toContain(`<style data-emotion="css-global`);
        expect(html, url).not.toContain('__CSP_STYLE_NONCE__');
        expect(html, url).not.toContain('<noscript>');
      }
    }
    // Any other page is the plain shell the client renders.
    const other = (await kit.app.inject({ method: 'GET', url: '/apps' })).body;
    expect(other).toContain('<div id="root"></div>');
    expect(other).toContain('<noscript>');
  });

  it('lists the public pages in /sitemap.xml', async () => {
    const response = await kit.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PUBLIC_PAGES.map((page) => `https://portal.example${page}`));
  });
});
