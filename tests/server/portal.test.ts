/** The built portal as the server serves it: index.html per route, preloads, caching, compression. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HERO } from '@contract/brand';
import type { ServedData } from '@contract/pages';
import { SERVED_DATA_ID } from '@contract/served-data';
import { templateKeys } from '@contract/templates/filter';
import type { Template } from '@contract/templates/schemas';
import { sha256Source } from '../../server/src/http/csp-hash';
import { precompressDist } from '../../server/src/web/precompress';
import { databaseKinds, removeTempDirs, startApp } from './harness';
import { useApp } from './kit';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

const INDEX_HTML = `<!doctype html><html><head><meta charset="utf-8" />
<meta name="portal-client-credential" content="" /><title>Portal</title>
<link rel="stylesheet" crossorigin href="/assets/index-AbC123.css"></head>
<body><div id="root"></div><script type="module" src="/assets/index-AbC123.js"></script></body></html>`;

function writeDist(distDir: string): void {
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(distDir, 'assets', 'index-AbC123.js'), `console.log(${JSON.stringify('portal '.repeat(400))});\n`);
  writeFileSync(path.join(distDir, 'assets', 'index-AbC123.css'), '@font-face{font-family:Roboto;src:url(/assets/roboto-400-x.woff2)format("woff2")}');
  writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"Portal"}\n');
  writeFileSync(path.join(distDir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  mkdirSync(path.join(distDir, '.vite'), { recursive: true });
  writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  // The build's prerendered homepage (scripts/prerender.ts; tests/server/prerender.test.ts renders the real ones).
  const home = { path: '/', title: 'Home', description: HERO.lead, html: `<h1>${HERO.title}</h1>`, styles: '' };
  writeFileSync(path.join(distDir, '.vite', 'prerender.json'), JSON.stringify([home]));
}

/** A build manifest: the entry and two split route components sharing a chunk. */
const MANIFEST = {
  'index.html': { file: 'assets/index-AbC123.js', isEntry: true, imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_PlanList-2.js': { file: 'assets/PlanList-2.js', imports: ['_react-1.js'] },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-3.js', imports: ['index.html', '_PlanList-2.js'] },
  'src/routes/templates/$templateId/edit.tsx?tsr-split=component': { file: 'assets/edit-4.js', imports: ['index.html'] },
};

describe.each(kinds)('the portal on %s', (kind) => {
  const kit = useApp(kind, {
    prepare: async (config) => {
      writeDist(config.DIST_DIR);
      await precompressDist(config.DIST_DIR);
    },
  });

  describe('static portal', () => {
    it('serves index.html with the client credential for every app route, never cached', async () => {
      for (const url of ['/', '/index.html', '/templates/42/edit', '/new-app/setup?ref=abc', '/no/such/page']) {
        const response = await kit.app.inject({ method: 'GET', url });
        // This build has no route table (dist/.vite/routes.json): every app-looking path renders with 200.
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain(`<meta name="portal-client-credential" content="${kit.config.CLIENT_CREDENTIAL}" />`);
      }
    });

    it("preloads the requested route's own chunks, and keeps the build manifest private", async () => {
      const preloads = async (url: string) =>
        [...(await kit.app.inject({ method: 'GET', url })).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
      expect(await preloads('/templates/42/edit')).toEqual(['/assets/edit-4.js']);
      // A prerendered page names them in its after-paint loader instead (server/src/web/boot-after-paint.ts).
      expect(await preloads('/')).toEqual([]);
      expect((await kit.app.inject({ method: 'GET', url: '/' })).body).toContain(
        '["modulepreload","/assets/routes-3.js"],["modulepreload","/assets/PlanList-2.js"]',
      );
      expect(await preloads('/no/such/page')).toEqual([]);
      // The service worker precaches /index.html for every route: it names no route's chunks.
      expect(await preloads('/index.html')).toEqual([]);
      expect((await kit.app.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
    });

    it('paints a prerendered page from the HTML alone: its content inside #root, the font faces after the paint', async () => {
      const home = (await kit.app.inject({ method: 'GET', url: '/?ref=abc' })).body;
      expect(home).toContain(`<h1>${HERO.title}</h1>`);
      // The font faces' stylesheet: added by the after-paint loader once it has preloaded the font
      // files the faces name, inlined for a visitor without JavaScript.
      expect(home).not.toContain('<link rel="stylesheet"');
      expect(home).toContain('var fonts=["/assets/roboto-400-x.woff2"]');
      expect(home).toContain('["/assets/index-AbC123.css"].forEach');
      expect(home).toContain('<noscript><style>@font-face{font-family:Roboto;src:url(/assets/roboto-400-x.woff2)format("woff2")}</style></noscript>');
      expect(home).not.toMatch(/<script type="module"/);
      for (const url of ['/pricing', '/index.html']) {
        const page = (await kit.app.inject({ method: 'GET', url })).body;
        expect(page, url).toContain('<div id="root"></div>');
        expect(page, url).toContain('<style>@font-face{font-family:Roboto;src:url(/assets/roboto-400-x.woff2)format("woff2")}</style>');
      }
    });

    it('caches hashed assets forever and revalidates the service worker and manifest', async () => {
      const asset = await kit.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/sw.js', '/manifest.webmanifest']) {
        const response = await kit.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe('no-cache');
      }
      const robots = await kit.app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    });

    it('sends the pre-compressed asset to a client that accepts brotli', async () => {
      const response = await kit.app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    });

    it('answers 404 for a missing file and never serves index.html for API paths', async () => {
      for (const url of ['/missing.png', '/assets/gone-123.js', '/v1/unknown', '/uploads/x', '/socket.io-like.txt']) {
        const response = await kit.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found' });
      }
    });

    it('without a built portal the API still answers and app routes say what to do', async () => {
      const bare = await startApp(kit.database);
      try {
        expect((await bare.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        const page = await bare.inject({ method: 'GET', url: '/pricing' });
        expect(page.statusCode).toBe(503);
        expect(page.json<{ message: string }>().message).toMatch(/not built/);
      } finally {
        await bare.close();
      }
    });
  });
});

/**
 * The build's render bundle (dist/.vite/ssr/render.js, src/prerender/render.tsx), stood in for by
 * one that lists the served templates' names: what this suite checks is the server's side (the
 * data it reads, the worker, the page it composes). tests/server/prerender.test.ts renders the real one.
 */
const RENDER_BUNDLE = `
export async function renderPage(path, served) {
  if (path.includes('category=baby')) throw new Error('the render failed');
  // An inline style no page rendered before has.
  const item = path.includes('category=health_beauty') ? '<li style="outline:2px solid teal">' : '<li>';
  const names = (served.queries[0] ? served.queries[0].data : []).map((t) => item + t.name + '</li>').join('');
  return { path: path.split('?')[0], title: 'Templates', description: 'The gallery.', html: '<ul aria-label="Templates">' + names + '</ul>', styles: '' };
}
`;

describe.each(kinds)('the gallery rendered per request on %s', (kind) => {
  const kit = useApp(kind, {
    prepare: (config) => {
      writeDist(config.DIST_DIR);
      mkdirSync(path.join(config.DIST_DIR, '.vite', 'ssr'), { recursive: true });
      writeFileSync(path.join(config.DIST_DIR, '.vite', 'ssr', 'render.js'), RENDER_BUNDLE);
      writeFileSync(path.join(config.DIST_DIR, '.vite', 'ssr', 'package.json'), '{ "type": "module" }');
    },
  });
  const served = (html: string): ServedData | null => {
    const json = new RegExp(`<script type="application/json" id="${SERVED_DATA_ID}">([^<]*)</script>`).exec(html)?.[1];
    return json === undefined ? null : (JSON.parse(json) as ServedData);
  };
  const listed = async (query: string) => (await kit.call('GET', `/v1/templates${query}`, null)).json<{ data: Template[] }>().data;

  it("serves /templates with the templates its filter selects in the page, and the same data for the client's cache", async () => {
    for (const [url, query, filter] of [
      ['/templates', '', {}],
      ['/templates?category=phones_tablets', '?category=phones_tablets', { category: 'phones_tablets' }],
    ] as const) {
      const templates = await listed(query);
      expect(templates.length, url).toBeGreaterThan(0);
      const response = await kit.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body, url).toContain(
        `<div id="root" data-prerendered="/templates"><ul aria-label="Templates">${templates.map((t) => `<li>${t.name}</li>`).join('')}</ul></div>`,
      );
      const data = served(response.body);
      expect(
        data?.queries.map((q) => q.queryKey),
        url,
      ).toEqual([templateKeys.list(filter)]);
      expect(
        (data?.queries[0]?.data as Template[]).map((t) => t.templateId),
        url,
      ).toEqual(templates.map((t) => t.templateId));
      expect(Math.abs(Date.now() - (data?.readAt ?? 0))).toBeLessThan(60_000);
    }
  });

  it("allows the inline styles of a page rendered for this very request in that response's policy", async () => {
    const response = await kit.app.inject({ method: 'GET', url: '/templates?category=health_beauty' });
    expect(response.body).toContain('<li style="outline:2px solid teal">');
    const policy = String(response.headers['content-security-policy']);
    const directive = (name: string) => policy.split(';').find((part) => part.trim().startsWith(`${name} `));
    expect(directive('style-src-attr')).toContain(sha256Source('outline:2px solid teal'));
    // The nonce is still the one the page carries.
    const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(response.body)?.[1];
    expect(policy).toContain(`'nonce-${nonce}'`);
  });

  it('renders again when a template changes, and keeps "<" out of the page as data', async () => {
    const { token } = await kit.register();
    const created = await kit.call('POST', '/v1/templates', token, { name: 'Late </script> Arrival', category: 'autos', tags: ['late'] });
    expect(created.statusCode).toBe(201);
    const body = (await kit.app.inject({ method: 'GET', url: '/templates?category=autos' })).body;
    expect(body).toContain('<li>Late </script> Arrival</li>');
    const json = new RegExp(`id="${SERVED_DATA_ID}">([\\s\\S]*?)</script>\\n  </body>`).exec(body)?.[1] ?? '';
    expect(json).not.toContain('</script>');
    expect(json).toContain('Late \\u003c/script> Arrival');
  });

  it('leaves a tag search, any other parameter and an unknown category to the client, and serves the page without data when the render fails', async () => {
    for (const url of [
      '/templates?category=nope',
      '/templates?tag=gold',
      '/templates?category=autos&x=1',
      '/templates?category=autos&category=home',
      '/templates?category=baby',
    ]) {
      const response = await kit.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(served(response.body), url).toBeNull();
      expect(response.body, url).toContain(`<meta name="portal-client-credential" content="${kit.config.CLIENT_CREDENTIAL}" />`);
    }
  });

  it('sends pages compressed as the browser accepts them', async () => {
    const plain = await kit.app.inject({ method: 'GET', url: '/templates' });
    const compressed = await kit.app.inject({ method: 'GET', url: '/templates', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    const text = brotliDecompressSync(compressed.rawPayload).toString('utf8');
    // Equal but for the response's own nonce.
    const noNonce = (html: string) => html.replace(/nonce="[^"]*"|name="csp-nonce" content="[^"]*"/g, '');
    expect(noNonce(text).replace(/"readAt":\d+/, '')).toBe(noNonce(plain.body).replace(/"readAt":\d+/, ''));
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});

describe('unknown portal paths', () => {
  const kit = useApp('pglite', {
    prepare: (config) => {
      writeDist(config.DIST_DIR);
      const fullPaths = ['/', '/pricing', '/apps/', '/apps/$alias/', '/apps/$alias/public', '/templates/$templateId/edit', '/password/reset'];
      writeFileSync(path.join(config.DIST_DIR, '.vite', 'routes.json'), JSON.stringify(fullPaths));
    },
  });

  it('answer 404 with the portal page (its not-found screen) when the route table knows no such route', async () => {
    {
      for (const url of ['/', '/pricing', '/pricing/', '/apps', '/apps/ada-shop', '/apps/ada%20shop/public', '/templates/42/edit', '/password/reset?token=x']) {
        const response = await kit.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
      }
      for (const url of ['/no/such/page', '/pricingx', '/apps/a/b/c', '/templates/42', '/_authed', '/_authed/account']) {
        const response = await kit.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        expect(response.body).toContain('<div id="root">');
      }
      // API and file paths keep their JSON 404.
      expect((await kit.app.inject({ method: 'GET', url: '/v1/nothing' })).headers['content-type']).toMatch(/json/);
    }
  });
});
