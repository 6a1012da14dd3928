/** Which chunks the served index.html preloads for a path (server/src/web/route-preloads.ts). */
import { describe, expect, it } from 'vitest';
import { preloadsFor, routePreloads, withModulePreloads, type BuildManifest } from '../../server/src/web/route-preloads';

const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_mui-1.js', '_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_mui-1.js': { file: 'assets/mui-1.js', imports: ['_react-1.js'] },
  '_Form-1.js': { file: 'assets/Form-1.js', imports: ['_mui-1.js', '_Field-1.js'] },
  '_Field-1.js': { file: 'assets/Field-1.js' },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-1.js', imports: ['index.html', '_mui-1.js'] },
  'src/routes/features.tsx?tsr-split=component': { file: 'assets/features-1.js', imports: ['index.html'] },
  'src/routes/apps/index.tsx?tsr-split=component': { file: 'assets/apps-1.js', imports: ['index.html'] },
  'src/routes/apps/$alias/index.tsx?tsr-split=component': { file: 'assets/alias-1.js', imports: ['_Form-1.js'] },
  'src/routes/apps/$alias/public.tsx?tsr-split=component': { file: 'assets/public-1.js', imports: ['index.html'] },
  'src/routes/apps/$alias/$tab.tsx?tsr-split=component': { file: 'assets/tab-1.js', imports: ['index.html'] },
  'src/routes/_authed.tsx?tsr-split=component': { file: 'assets/authed-1.js', imports: ['index.html'] },
  'src/routes/_authed/billing.tsx?tsr-split=component': { file: 'assets/billing-1.js', imports: ['index.html', '_Form-1.js'] },
  'src/routes/_authed/payments/$alias.tsx?tsr-split=component': { file: 'assets/payments-alias-1.js', imports: ['index.html'] },
  'src/routes/_authed/templates/(edit)/$templateId/edit.tsx?tsr-split=component': { file: 'assets/edit-1.js', imports: ['index.html'] },
  'src/routes/faq.tsx?tsr-split=pendingComponent': { file: 'assets/faq-pending-1.js' },
};

describe('route preloads', () => {
  const routes = routePreloads(MANIFEST);

  it('names a route chunk and the shared chunks it needs that the entry does not already load', () => {
    expect(preloadsFor(routes, '/')).toEqual(['/assets/routes-1.js']);
    expect(preloadsFor(routes, '/features')).toEqual(['/assets/features-1.js']);
    expect(preloadsFor(routes, '/apps/ada-shop')).toEqual(['/assets/alias-1.js', '/assets/Form-1.js', '/assets/Field-1.js']);
  });

  it('matches index routes, trailing slashes, parameters, and prefers a static segment', () => {
    expect(preloadsFor(routes, '/apps')).toEqual(['/assets/apps-1.js']);
    expect(preloadsFor(routes, '/apps/')).toEqual(['/assets/apps-1.js']);
    expect(preloadsFor(routes, '/apps/ada-shop/public')).toEqual(['/assets/public-1.js']);
    expect(preloadsFor(routes, '/apps/ada-shop/settings')).toEqual(['/assets/tab-1.js']);
  });

  it('preloads the routes under pathless layouts and groups at their own URLs', () => {
    expect(preloadsFor(routes, '/billing')).toEqual(['/assets/billing-1.js', '/assets/Form-1.js', '/assets/Field-1.js']);
    expect(preloadsFor(routes, '/payments/ada-shop')).toEqual(['/assets/payments-alias-1.js']);
    expect(preloadsFor(routes, '/templates/tpl-1/edit')).toEqual(['/assets/edit-1.js']);
  });

  it('names nothing for unknown paths, the pathless layout itself and pending components', () => {
    expect(preloadsFor(routes, '/no/such/page')).toEqual([]);
    expect(preloadsFor(routes, '/_authed')).toEqual([]);
    expect(preloadsFor(routes, '/authed')).toEqual([]);
    expect(preloadsFor(routes, '/faq')).toEqual([]);
    expect(preloadsFor(routePreloads({}), '/')).toEqual([]);
  });

  it('adds the links before </head>, and leaves the page alone without any', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(withModulePreloads(html, [])).toBe(html);
    expect(withModulePreloads(html, ['/assets/a.js', '/assets/b.js'])).toBe(
      '<html><head><title>x</title>  <link rel="modulepreload" crossorigin href="/assets/a.js">\n    <link rel="modulepreload" crossorigin href="/assets/b.js">\n  </head><body></body></html>',
    );
  });
});
