/**
 * The homepage's first screen as static HTML, served inside #root for `/`: the phone paints the
 * nav bar and the hero as soon as the HTML arrives, instead of after the scripts have loaded and
 * run (first and largest contentful paint). React replaces it on its first render with the same
 * content at the same size. Only `/` gets it: any other route would flash the wrong page, and
 * the service worker's precached index.html (every route offline) carries none.
 */
import { BRAND, HERO, HERO_BACKGROUND, PRODUCT_NAME } from '@contract/brand';
import { escapeHtml } from '../html';

// Mirrors the MUI theme (src/app/theme.ts), the nav bar and the homepage hero's sizes, so the
// swap to the React page moves nothing.
const STYLE = `
body{margin:0;font-family:Roboto,system-ui,-apple-system,"Segoe UI",Arial,sans-serif;-webkit-font-smoothing:antialiased}
.shell-bar{position:fixed;top:0;left:0;right:0;z-index:1100;color:#FFFFFF}
.shell-nav{display:flex;align-items:center;min-height:56px;max-width:1200px;margin:0 auto;padding:0 16px}
.shell-logo{display:inline-flex;align-items:center;gap:8px;padding:8px 0;color:inherit;text-decoration:none;font-weight:700;font-size:1.125rem}
.shell-hero{color:#FFFFFF;background:${HERO_BACKGROUND};padding:112px 0 64px}
.shell-container{max-width:1200px;margin:0 auto;padding:0 16px}
.shell-hero h1{margin:0;max-width:820px;font-size:2.25rem;font-weight:700;line-height:1.15;letter-spacing:-0.02em}
.shell-hero p{margin:16px 0 0;max-width:640px;font-size:1.125rem;line-height:1.5;color:${BRAND.footerText}}
.shell-actions{margin-top:32px;display:flex;flex-wrap:wrap;gap:12px}
.shell-actions a{display:inline-flex;align-items:center;min-height:44px;padding:8px 22px;border-radius:999px;font-size:0.9375rem;font-weight:500;text-decoration:none;box-sizing:border-box}
.shell-primary{background:#FFFFFF;color:${BRAND.ink}}
.shell-secondary{color:#FFFFFF;border:1px solid rgba(255,255,255,0.7)}
@media (min-width:600px){.shell-nav{min-height:64px;padding:0 24px}.shell-container{padding:0 24px}}
@media (min-width:900px){.shell-hero{padding:160px 0 112px}.shell-hero h1{font-size:3.5rem}.shell-hero p{font-size:1.25rem}}
`
  .trim()
  .replace(/\n/g, '');

const LOGO_SVG =
  `<svg width="32" height="32" viewBox="0 0 512 512" aria-hidden="true" focusable="false">` +
  `<rect width="512" height="512" rx="112" fill="${BRAND.primary}"/><rect x="148" y="64" width="216" height="384" rx="40" fill="#FFFFFF"/>` +
  `<path d="M232 214v-18a24 24 0 0 1 48 0v18" fill="none" stroke="${BRAND.primary}" stroke-width="16" stroke-linecap="round"/>` +
  `<path d="M190 206h132l-10 150a20 20 0 0 1-20 18h-72a20 20 0 0 1-20-18z" fill="${BRAND.primary}"/></svg>`;

/** The static first screen of `/` (links work before any script has run). */
export function homeShellHtml(): string {
  return (
    `<style>${STYLE}</style>` +
    `<header class="shell-bar"><nav class="shell-nav" aria-label="Main"><a class="shell-logo" href="/">${LOGO_SVG}${escapeHtml(PRODUCT_NAME)}</a></nav></header>` +
    `<main><div class="shell-hero"><div class="shell-container">` +
    `<h1>${escapeHtml(HERO.title)}</h1><p>${escapeHtml(HERO.lead)}</p>` +
    `<div class="shell-actions"><a class="shell-primary" href="/new-app/setup">${escapeHtml(HERO.primaryAction)}</a>` +
    `<a class="shell-secondary" href="/features">${escapeHtml(HERO.secondaryAction)}</a></div>` +
    `</div></div></main>`
  );
}

const EMPTY_ROOT = /<div id="root"><\/div>/;

/** Puts `shell` inside the empty #root of index.html. */
export function withAppShell(html: string, shell: string): string {
  return html.replace(EMPTY_ROOT, () => `<div id="root">${shell}</div>`);
}

/** Stylesheets up to this size are worth a request less more than a cacheable file. */
const INLINE_CSS_MAX_BYTES = 4096;
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g;

/**
 * Inlines the small stylesheets index.html links (the font faces): a linked stylesheet blocks the
 * first paint until it has arrived, which would hold back the static first screen. `read` gives a
 * dist/ file's text, or null; a missing or large file keeps its link.
 */
export function withInlineStylesheets(html: string, read: (relativePath: string) => string | null): string {
  return html.replace(STYLESHEET_LINK, (link, file: string) => {
    const css = read(file);
    return css !== null && Buffer.byteLength(css) <= INLINE_CSS_MAX_BYTES ? `<style>${css.replace(/<\//g, '<\\/')}</style>` : link;
  });
}
