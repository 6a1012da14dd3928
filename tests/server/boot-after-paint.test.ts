/** A prerendered page's scripts and font faces requested after its first paint (server/src/web/boot-after-paint.ts). */
import { describe, expect, it } from 'vitest';
import { withBootAfterPaint } from '../../server/src/web/boot-after-paint';

const PAGE = `<html><head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
    <link rel="modulepreload" crossorigin href="/assets/pricing-3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-4.css">
  </head>
  <body><div id="root" data-prerendered="/pricing"><h1>Pricing</h1></div></body></html>`;

describe('boot after paint', () => {
  it('moves the entry script, its modulepreloads and stylesheets into one inline loader at the end of <body>', () => {
    const { html, script } = withBootAfterPaint(PAGE);
    expect(script).not.toBeNull();
    // Nothing the head would request before the paint, except the stylesheet for a visitor without JavaScript.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script|modulepreload|<link rel="stylesheet" crossorigin/);
    expect(head).toContain('<noscript><link rel="stylesheet" href="/assets/index-4.css"></noscript>');
    expect(html).toContain(`<script>${script}</script>\n  </body>`);
    for (const file of ['/assets/index-1.js', '/assets/react-2.js', '/assets/pricing-3.js', '/assets/index-4.css']) expect(script).toContain(`"${file}"`);
    // Waits for the first contentful paint (or, without paint timing, the next frame).
    expect(script).toContain("getEntriesByName('first-contentful-paint')");
    expect(script).toContain('requestAnimationFrame');
    expect(html).toContain('<h1>Pricing</h1>');
  });

  it('leaves a page without an entry script as it is', () => {
    const page = '<html><head></head><body><div id="root"></div></body></html>';
    expect(withBootAfterPaint(page)).toEqual({ html: page, script: null });
  });
});
