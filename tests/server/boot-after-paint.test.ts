/** A prerendered page's scripts and font faces requested after its first paint (server/src/web/boot-after-paint.ts). */
import { describe, expect, it } from 'vitest';
import { modulePreloadsOf, withBootAfterPaint, woff2FilesOf } from '../../server/src/web/boot-after-paint';

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

  it('adds a stylesheet once the font files its faces name are preloaded', () => {
    const { script } = withBootAfterPaint(PAGE, (href) => (href === '/assets/index-4.css' ? ['/assets/roboto-400.woff2', '/assets/roboto-700.woff2'] : []));
    expect(script).toContain('var fonts=["/assets/roboto-400.woff2","/assets/roboto-700.woff2"]');
    // Preloaded as fonts (the browser's font cache takes them), the sheet added when the last one settles.
    expect(script).toContain("add('preload',href,'font')");
    expect(script).toContain("if(as){l.as=as;l.type='font/woff2'}l.crossOrigin='';l.href=href;h.appendChild(l)");
    expect(script).toMatch(/l\.onload=l\.onerror=function\(\)\{if\(--waiting===0\)sheets\(\)\}/);
    expect(script).toContain('["/assets/index-4.css"].forEach');
  });

  it("runs the entry's own imports one module script at a time, in order, before the entry", () => {
    // index.html's modulepreloads are the entry's imports; the route's chunks come after them.
    const staged = modulePreloadsOf('<link rel="modulepreload" crossorigin href="/assets/react-2.js">');
    expect(staged).toEqual(['/assets/react-2.js']);
    const { script } = withBootAfterPaint(PAGE, () => [], [...staged, '/assets/not-on-this-page.js']);
    // A file the page does not preload is not run early; the route's chunk is left to the router.
    expect(script).toContain('var scripts=["/assets/react-2.js","/assets/index-1.js"]');
    // The next script is added when the one before has run (or failed: the entry then reports it).
    expect(script).toContain('if(i+1<scripts.length)s.onload=s.onerror=function(){run(i+1)}');
    // Without staged imports the entry alone runs, as before.
    expect(withBootAfterPaint(PAGE).script).toContain('var scripts=["/assets/index-1.js"]');
  });

  it('adds the modulepreloads one per task, after the boot, and runs the scripts one after another', () => {
    const preloads = Array.from({ length: 5 }, (_, i) => `/assets/chunk-${i}.js`);
    const page = PAGE.replace('</head>', `${preloads.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('\n')}</head>`);
    const { script } = withBootAfterPaint(page, () => [], ['/assets/react-2.js']);
    // The loader run against a minimal page: what it appends, and the tasks it queues.
    const appended: Array<{ rel?: string; href?: string; src?: string; onload?: () => void }> = [];
    const tasks: Array<() => void> = [];
    const element = () => ({}) as (typeof appended)[number];
    const document = {
      addEventListener() {},
      createElement: element,
      head: { appendChild: (node: (typeof appended)[number]) => appended.push(node) },
      documentElement: { hasAttribute: () => false },
    };
    const window = { PerformanceObserver: undefined };
    new Function('document', 'window', 'requestAnimationFrame', 'setTimeout', script as string)(
      document,
      window,
      (run: () => void) => run(),
      (run: () => void) => tasks.push(run),
    );
    tasks.shift()?.(); // the boot, one task after the first frame
    const preloaded = () => appended.filter((node) => node.rel === 'modulepreload').length;
    expect(appended.filter((node) => node.rel === 'stylesheet').map((node) => node.href)).toEqual(['/assets/index-4.css']);
    expect(preloaded()).toBe(0);
    // One per task: the page's own two, then the five added here.
    for (let count = 1; count <= 2 + 5; count += 1) {
      tasks.shift()?.();
      expect(preloaded()).toBe(count);
    }
    expect(tasks).toHaveLength(0);
    // The entry's staged import first; the entry once it has run.
    const scripts = () => appended.filter((node) => node.src).map((node) => node.src);
    expect(scripts()).toEqual(['/assets/react-2.js']);
    appended.find((node) => node.src === '/assets/react-2.js')?.onload?.();
    expect(scripts()).toEqual(['/assets/react-2.js', '/assets/index-1.js']);
  });

  it('reads the woff2 files of a font-face stylesheet, once each', () => {
    const css =
      '@font-face{font-family:Roboto;font-weight:400;src:url(/assets/roboto-latin-400-normal-Bq.woff2)format("woff2"),url(/assets/roboto-latin-400-normal-D2.woff)format("woff")}' +
      '@font-face{font-family:Roboto;font-weight:700;src:url(/assets/roboto-latin-700-normal-BZ.woff2)format("woff2")}' +
      '@font-face{font-family:Roboto;font-style:italic;font-weight:700;src:url(/assets/roboto-latin-700-normal-BZ.woff2)format("woff2")}';
    expect(woff2FilesOf(css)).toEqual(['/assets/roboto-latin-400-normal-Bq.woff2', '/assets/roboto-latin-700-normal-BZ.woff2']);
    expect(woff2FilesOf('body{color:red}')).toEqual([]);
  });

  it('leaves a page without an entry script as it is', () => {
    const page = '<html><head></head><body><div id="root"></div></body></html>';
    expect(withBootAfterPaint(page)).toEqual({ html: page, script: null });
  });
});
