/**
 * Security headers on every answer: a Content-Security-Policy that allows the server's own inline
 * styles and scripts by hash and the portal's runtime styles by nonce, no framing, nosniff, a referrer policy
 * (none at all on the pages whose URL carries a token), COOP, HSTS only on https, and no-store on
 * every API answer to a signed-in request.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256Source } from '../../server/src/http/csp-hash';
import { useApp } from './kit';
import { basicAuth, databaseKinds, openFreshDatabase, removeTempDirs, startApp, testConfig } from './harness';

const kinds = await databaseKinds();
afterAll(removeTempDirs);

const FONT_CSS = '@font-face{font-family:Roboto;src:url(/assets/r.woff2)}';
const NOSCRIPT_STYLE = 'margin: 0; padding: 72px 16px 16px';
const PRERENDERED_STYLE = 'text-decoration:underline';

function writeDist(distDir: string): void {
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  mkdirSync(path.join(distDir, '.vite'), { recursive: true });
  writeFileSync(
    path.join(distDir, 'index.html'),
    `<!doctype html><html><head><meta name="portal-client-credential" content="" /><link rel="stylesheet" href="/assets/fonts-1.css"></head>` +
      `<body><noscript><p style="${NOSCRIPT_STYLE}">Turn JavaScript on.</p></noscript><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body></html>`,
  );
  writeFileSync(path.join(distDir, 'assets', 'fonts-1.css'), FONT_CSS);
  writeFileSync(path.join(distDir, 'assets', 'index-1.js'), 'console.log(1)');
  writeFileSync(path.join(distDir, 'sw.js'), 'self.skipWaiting()');
  mkdirSync(path.join(distDir, 'catalogue', 'products'), { recursive: true });
  writeFileSync(path.join(distDir, 'catalogue', 'products', 'ring.1a2b3c4d.webp'), 'RIFF');
  // A prerendered homepage: a style attribute (allowed by hash) and emotion's nonce'd <style>.
  const home = {
    path: '/',
    title: 'Home',
    description: 'The homepage.',
    html: `<h1 style="${PRERENDERED_STYLE}">Home</h1>`,
    styles: '<style data-emotion="css 1" nonce="__CSP_STYLE_NONCE__">.css-1{color:red}</style>',
  };
  writeFileSync(path.join(distDir, '.vite', 'prerender.json'), JSON.stringify([home]));
}

/** The directives of a CSP header, by name. */
function directives(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe.each(kinds)('security headers on %s', (kind) => {
  const kit = useApp(kind, { env: { PUBLIC_URL: 'http://localhost:4000' }, prepare: (config) => writeDist(config.DIST_DIR) });

  it('pages carry a CSP: self scripts, inline styles by hash or this response nonce, never framed', async () => {
    const page = await kit.app.inject({ method: 'GET', url: '/' });
    const csp = directives(page.headers['content-security-policy'] as string);
    expect(csp['default-src']).toEqual(["'self'"]);
    // The prerendered page's after-paint loader (server/src/web/boot-after-paint.ts), by its hash.
    const loader = /<script>([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '';
    expect(loader).toContain('/assets/index-1.js');
    expect(csp['script-src']).toEqual(["'self'", sha256Source(loader)]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    const styles = csp['style-src'] ?? [];
    expect(styles).not.toContain("'unsafe-inline'");
    expect(styles).toContain(sha256Source(FONT_CSS));
    expect(csp['style-src-attr']).toContain(sha256Source(NOSCRIPT_STYLE));
    expect(csp['style-src-attr']).toContain(sha256Source(PRERENDERED_STYLE));
    const nonce = styles.find((source) => source.startsWith("'nonce-"))?.slice(7, -1) ?? '';
    expect(nonce).toMatch(/^[\w+/=]{20,}$/);
    expect(page.body).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
    expect(page.body).toContain(`<style data-emotion="css 1" nonce="${nonce}">`);
    // A new nonce for every response.
    const again = await kit.app.inject({ method: 'GET', url: '/pricing' });
    expect(again.headers['content-security-policy']).not.toContain(nonce);
    expect(again.body).not.toContain(nonce);

    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('the pages whose URL carries a token send no referrer at all', async () => {
    for (const url of ['/password/reset?token=abc', '/email/verify?token=abc']) {
      const page = await kit.app.inject({ method: 'GET', url });
      expect(page.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('API answers carry a Content-Security-Policy that allows nothing, and the same protections as pages', async () => {
    for (const url of ['/v1/plans', '/v1/nothing']) {
      const response = await kit.app.inject({ method: 'GET', url, headers: { authorization: basicAuth() } });
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    // The browsable reference is a page: its scripts still load.
    const docs = await kit.app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(directives(docs.headers['content-security-policy'] as string)['script-src']).toContain("'self'");
  });

  it("built files carry the fixed policy that allows nothing, not the pages' with its hashes and nonce", async () => {
    for (const url of ['/assets/index-1.js', '/assets/fonts-1.css', '/catalogue/products/ring.1a2b3c4d.webp']) {
      const response = await kit.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    // The service worker's script is a worker's: it keeps the pages' policy, which its fetches need.
    const worker = await kit.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(directives(worker.headers['content-security-policy'] as string)['connect-src']).toEqual(["'self'"]);
  });

  it('nosniff on everything: API answers, errors, files', async () => {
    for (const url of ['/v1/plans', '/v1/nothing', '/assets/index-1.js', '/healthz']) {
      const response = await kit.app.inject({ method: 'GET', url, headers: { authorization: basicAuth() } });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('no-store on every API answer to a bearer request, errors included; anonymous catalogue answers may be cached', async () => {
    const { token, user } = await kit.register();
    const answers = [
      await kit.call('GET', '/v1/user/me', token),
      await kit.call('GET', '/v1/plans', token),
      await kit.call('PUT', `/v1/user/${user.id}`, token, { phoneNo: 'bad' }),
      await kit.call('GET', '/v1/user/me', 'not-a-token'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 400, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
    // Stored and revalidated with its ETag (the catalogue cache), never served stale after an edit.
    const anonymous = await kit.call('GET', '/v1/plans', null);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.headers.etag).toBeDefined();
  });
});

describe('security headers by configuration', () => {
  it('HSTS and upgrade-insecure-requests only when the public origin is https; Facebook hosts only when Facebook sign-in is on', async () => {
    const database = await openFreshDatabase('pglite');
    const secure = await startApp(database, { config: testConfig({ PUBLIC_URL: 'https://shop.example', FACEBOOK_APP_ID: '1', FACEBOOK_APP_SECRET: 's' }) });
    try {
      const response = await secure.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const csp = directives(response.headers['content-security-policy'] as string);
      expect(csp).toHaveProperty('upgrade-insecure-requests');
      expect(csp['script-src']).toContain('https://connect.facebook.net');
      expect(csp['img-src']).toContain('https://*.fbcdn.net');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    } finally {
      await secure.close();
      await database.close();
    }
  });
});
