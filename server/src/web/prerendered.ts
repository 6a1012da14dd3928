/**
 * The public pages prerendered at build time (scripts/prerender.ts -> dist/.vite/prerender.json):
 * each is served as index.html with the page's markup inside #root, its MUI/emotion styles, and
 * its own title, description, canonical link and Open Graph tags, so it shows its content from
 * the first byte (also with JavaScript off) and the client hydrates it (src/main.tsx).
 * `/sitemap.xml` lists them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PRODUCT_NAME } from '@contract/brand';
import type { PrerenderedPage } from '@contract/pages';
import { escapeHtml } from '../html';

/** dist/.vite/prerender.json, or [] when the build has none (an older build: pages then render in the browser). */
export function readPrerendered(distDir: string): PrerenderedPage[] {
  let raw: string;
  try {
    raw = readFileSync(path.join(distDir, '.vite/prerender.json'), 'utf8');
  } catch {
    return [];
  }
  const pages = JSON.parse(raw) as PrerenderedPage[];
  return Array.isArray(pages) ? pages : [];
}

/** `/features/` and `/features` are one page. */
export function normalizePagePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"[\s\S]*?\/?>/i;
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>\s*/i;
const EMPTY_ROOT = /<div id="root"><\/div>/;

/** The page's head: title, description, canonical address and Open Graph / Twitter card tags. */
function pageHeadTags(page: Pick<PrerenderedPage, 'path' | 'title' | 'description'>, origin: string): string {
  const url = `${origin}${page.path}`;
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  return [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(`${origin}/icons/icon-512.png`)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
}

/**
 * index.html (already filled in) for a prerendered page: its title and description replace the
 * template's, its head tags and styles go before </head>, its markup into #root (marked with the
 * page's path: src/main.tsx hydrates only a page prerendered for the address it is at), and the
 * "needs JavaScript" notice goes: the page shows its content without it.
 */
export function prerenderedHtml(indexHtml: string, page: PrerenderedPage, origin: string): string {
  return indexHtml
    .replace(TITLE, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(page.description)}" />`)
    .replace(/<\/head>/i, () => `  ${pageHeadTags(page, origin)}\n    ${page.styles}\n  </head>`)
    .replace(NOSCRIPT, '')
    .replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="${escapeHtml(page.path)}">${page.html}</div>`);
}

/** The sitemap of the public pages (https://www.sitemaps.org/protocol.html). */
export function sitemapXml(pages: readonly Pick<PrerenderedPage, 'path'>[], origin: string): string {
  const urls = pages.map((page) => `  <url><loc>${escapeHtml(`${origin}${page.path}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
