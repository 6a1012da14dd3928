/**
 * The shop's installable web app (issue 31): the files a build makes (makeWebApp, from a fixture
 * shell and the real catalogue pictures) and how /shops/{alias}/app/ serves them.
 */
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { ShopAppData } from '@contract/builds/web-app';
import { creationSchema } from '@contract/design/schemas';
import { engineReleases, buildArtifacts, builds } from '../../server/src/db/schema';
import { makeWebApp, loadWebAppShell, shortName, type WebAppShell } from '../../server/src/modules/builds/artifacts/web-app';
import type { BuildInput, IconSet } from '../../server/src/modules/builds/artifacts/types';
import { appFilePath, WEB_APP_CSP } from '../../server/src/modules/builds/web-app-route';
import { databaseKinds, removeTempDirs, tempDir } from './harness';
import { createUsdShop, useApp } from './kit';

const ROOT = process.cwd();

/** A dist/ with the fixture shell and the real catalogue pictures. */
function fixtureDist(): string {
  const dist = tempDir('web-app-dist-');
  cpSync(path.join(ROOT, 'tests/fixtures/shop-app'), dist, { recursive: true });
  symlinkSync(path.join(ROOT, 'public/catalogue'), path.join(dist, 'catalogue'), 'dir');
  return dist;
}

/** Stand-in icons: a PNG header of the right size is all the app's files carry of them. */
function fakePng(width: number, height: number): Uint8Array {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return new Uint8Array(bytes);
}
const ICONS: IconSet = {
  icon192: fakePng(192, 192),
  icon512: fakePng(512, 512),
  maskable512: fakePng(512, 512),
  appleTouch180: fakePng(180, 180),
  icon1024: fakePng(1024, 1024),
  adaptiveForeground1024: fakePng(1024, 1024),
  splash: fakePng(1284, 2778),
};
const pngSize = (png: Uint8Array) => ({ width: Buffer.from(png).readUInt32BE(16), height: Buffer.from(png).readUInt32BE(20) });

function buildInput(alias: string, fields: { name?: string; logo?: string; buildNumber?: number } = {}): BuildInput {
  const name = fields.name ?? 'Bloom & Co <Lagos>';
  return {
    shop: { alias, name, slogan: 'Flowers for every day', currencySymbol: '$' },
    creation: creationSchema.parse({
      shop: { alias, name, logo: fields.logo ?? '/uploads/shop-media/0123456789abcdef0123456789abcdef.png' },
      superCategoriesOfInterest: [2],
      colors: { primary: '#E11D48FF', backgroundColor: '#FFF7ED80' },
    }),
    creationVersion: 1,
    release: { version: '1.0.0' },
    buildNumber: fields.buildNumber ?? 1,
    origin: 'https://portal.example',
  };
}

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString('utf8');

function pageData(html: string): ShopAppData {
  const json = /<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null';
  return JSON.parse(json) as ShopAppData;
}

afterAll(() => removeTempDirs());

describe('loadWebAppShell', () => {
  it('reads the built page and its assets (not the woff fallbacks), and says clearly when the app was not built', () => {
    const shell = loadWebAppShell(fixtureDist());
    expect(shell.html).toContain('shop-app:head');
    expect([...shell.assets.keys()]).toEqual(['assets/shop-app-F1xture0.js', 'assets/shop-app-F1xture1.css']);
    expect(() => shell.catalogueFile('catalogue/../../etc/passwd')).toThrow(/missing/);
    expect(() => loadWebAppShell(tempDir('empty-dist-'))).toThrow(/not built.*npm run build/);
  });
});

describe('makeWebApp', () => {
  const shell: WebAppShell = loadWebAppShell(fixtureDist());
  const files = makeWebApp(buildInput('bloom-co'), ICONS, shell);

  it('writes the manifest with the shop’s name and the design’s colours, and its icons at their sizes', () => {
    const manifest = JSON.parse(text(files.get('manifest.webmanifest'))) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Bloom & Co <Lagos>',
      short_name: 'Bloom & Co',
      start_url: './',
      scope: './',
      id: './',
      display: 'standalone',
      theme_color: '#E11D48',
      background_color: '#FFF7ED',
    });
    expect(manifest.icons.map((icon) => [icon.src, icon.sizes, icon.purpose])).toEqual([
      ['icons/icon-192.png', '192x192', 'any'],
      ['icons/icon-512.png', '512x512', 'any'],
      ['icons/maskable-512.png', '512x512', 'maskable'],
    ]);
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(files.get(icon.src) as Uint8Array)).toEqual({ width, height });
    }
    expect(pngSize(files.get('icons/apple-touch-icon.png') as Uint8Array)).toEqual({ width: 180, height: 180 });
  });

  it('writes the page: the shop’s title, theme colour, manifest, icons and its data with catalogue pictures inside the app', () => {
    const html = text(files.get('index.html'));
    expect(html).toContain('<title>Bloom &amp; Co &lt;Lagos&gt;</title>');
    expect(html).toContain('<meta name="theme-color" content="#E11D48" />');
    expect(html).toContain('<link rel="manifest" href="manifest.webmanifest" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="icons/apple-touch-icon.png" />');
    expect(html).not.toContain('shop-app:head');
    // The stylesheet is inside the page (no render-blocking request).
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toMatch(/<style>html,\s*body\s*\{/);
    // The shop's name cannot close the data element.
    expect(html).not.toContain('<Lagos>');
    const data = pageData(html);
    expect(data.creation.shop.name).toBe('Bloom & Co <Lagos>');
    // The trade's sample products (at most 40, as the preview asks for).
    expect(data.sample.products.length).toBeGreaterThan(10);
    expect(data.sample.products.length).toBeLessThanOrEqual(40);
    expect(data.sample.products.every((product) => product.superCategoryId === 2)).toBe(true);
    expect(data.sample.categories.length).toBeGreaterThan(3);
    expect(data.sample.slides.length).toBeGreaterThan(0);
    const pictures = [...data.sample.products.map((product) => product.image), ...data.sample.slides.map((slide) => slide.image)];
    for (const picture of pictures) {
      expect(picture).toMatch(/^catalogue\//);
      expect(files.has(picture), picture).toBe(true);
    }
    // The uploaded logo stays on this origin.
    expect(data.creation.shop.logo).toBe('/uploads/shop-media/0123456789abcdef0123456789abcdef.png');
  });

  it('writes a service worker that precaches every file of the app under a cache named for the build', () => {
    const sw = text(files.get('sw.js'));
    const listed = JSON.parse(/const FILES = (\[[\s\S]*?\]);/.exec(sw)?.[1] ?? '[]') as string[];
    expect(listed).toEqual([...files.keys()].filter((name) => name !== 'sw.js').sort());
    expect(listed).toContain('index.html');
    expect(listed).toContain('assets/shop-app-F1xture0.js');
    expect(sw).toMatch(/const CACHE = "shop-app:bloom-co:1-[0-9a-f]{12}";/);
    expect(sw).toContain('"/uploads/shop-media/0123456789abcdef0123456789abcdef.png"');
    expect(() => new Function(sw)).not.toThrow();
  });

  it('makes the same files from the same input, and another cache for another build', () => {
    const again = makeWebApp(buildInput('bloom-co'), ICONS, shell);
    expect([...again.keys()]).toEqual([...files.keys()]);
    for (const [name, bytes] of files) expect(Buffer.from(again.get(name) as Uint8Array).equals(Buffer.from(bytes)), name).toBe(true);
    const next = text(makeWebApp(buildInput('bloom-co', { buildNumber: 2 }), ICONS, shell).get('sw.js'));
    expect(next).toMatch(/const CACHE = "shop-app:bloom-co:2-/);
  });

  it('cuts a long name to at most 12 characters, on a word when it can', () => {
    expect(shortName('Bloom & Co')).toBe('Bloom & Co');
    expect(shortName('The Corner Grocery Store')).toBe('The Corner');
    expect(shortName('Supercalifragilistic')).toBe('Supercalifra');
  });
});

describe('appFilePath', () => {
  it('takes the app’s own file names and refuses every way out of its folder', () => {
    expect(appFilePath('')).toBe('index.html');
    expect(appFilePath('assets/shop-app-F1xture0.js')).toBe('assets/shop-app-F1xture0.js');
    for (const bad of ['../sw.js', 'assets/../../x', './index.html', 'a//b', '.env', 'a\\b', 'x\0y', '/etc/passwd']) expect(appFilePath(bad), bad).toBeNull();
  });
});

const kinds = await databaseKinds();

describe.each(kinds)('serving /shops/{alias}/app/ on %s', (kind) => {
  // The builds module serves the web apps from the file storage: by default DATA_DIR, keys builds/<id>/web/<file>.
  const kit = useApp(kind);
  const buildsDir = () => path.join(kit.config.DATA_DIR, 'builds');
  let alias = '';
  let files: Map<string, Uint8Array>;

  async function insertBuild(shopId: number, number: number, status: string, withArtifact: boolean): Promise<number> {
    const db = kit.database.db;
    const [release] = await db.select({ id: engineReleases.id, version: engineReleases.version }).from(engineReleases).limit(1);
    if (!release) throw new Error('no seeded engine release');
    const [build] = await db
      .insert(builds)
      .values({
        shopId,
        shopAlias: alias,
        number,
        status,
        creationVersion: 1,
        releaseId: release.id,
        releaseVersion: release.version,
        requestedByName: 'Ada',
        stages: [],
      })
      .returning({ id: builds.id });
    const id = build?.id as number;
    if (withArtifact) {
      await db
        .insert(buildArtifacts)
        .values({ buildId: id, kind: 'web-app', fileName: 'web-app.zip', size: 1, sha256: '0'.repeat(64), storageKey: `${id}/web-app.zip` });
    }
    return id;
  }

  function writeApp(buildId: number, app: Map<string, Uint8Array>) {
    for (const [name, bytes] of app) {
      const file = path.join(buildsDir(), String(buildId), 'web', name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, bytes);
    }
  }

  it('answers a friendly 404 page while the shop has no succeeded build', async () => {
    const owner = await kit.register();
    const shop = await createUsdShop(kit, owner, 'Web App Shop');
    alias = shop.alias;
    const none = await kit.app.inject({ method: 'GET', url: `/shops/${alias}/app/` });
    expect(none.statusCode).toBe(404);
    expect(none.headers['content-type']).toMatch(/^text\/html/);
    expect(none.body).toContain('This app has not been built yet');
    // A build still running, or one without a web app, is not served either.
    await insertBuild((shop as { id: number }).id, 1, 'succeeded', false);
    await insertBuild((shop as { id: number }).id, 2, 'failed', true);
    expect((await kit.app.inject({ method: 'GET', url: `/shops/${alias}/app/` })).statusCode).toBe(404);
    // The latest succeeded build with a web app is.
    files = makeWebApp(buildInput(alias, { name: 'Web App Shop', buildNumber: 3 }), ICONS, loadWebAppShell(fixtureDist()));
    writeApp(await insertBuild((shop as { id: number }).id, 3, 'succeeded', true), files);
  });

  it('redirects the bare address to the folder', async () => {
    const response = await kit.app.inject({ method: 'GET', url: `/shops/${alias}/app?source=pwa` });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`/shops/${alias}/app/?source=pwa`);
  });

  it('serves every file with its type, caching and the app’s own policy', async () => {
    const index = await kit.app.inject({ method: 'GET', url: `/shops/${alias}/app/` });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-security-policy']).toBe(WEB_APP_CSP);
    expect(index.body).toContain('<title>Web App Shop</title>');

    const expected: Record<string, [string, string]> = {
      'sw.js': ['text/javascript; charset=utf-8', 'no-cache'],
      'manifest.webmanifest': ['application/manifest+json; charset=utf-8', 'no-cache'],
      'icons/icon-192.png': ['image/png', 'no-cache'],
      'assets/shop-app-F1xture0.js': ['text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
      'assets/shop-app-F1xture1.css': ['text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
    };
    const picture = [...files.keys()].find((name) => name.startsWith('catalogue/') && name.endsWith('.webp')) as string;
    expected[picture] = ['image/webp', 'public, max-age=31536000, immutable'];
    for (const [name, [type, cache]] of Object.entries(expected)) {
      const response = await kit.app.inject({ method: 'GET', url: `/shops/${alias}/app/${name}` });
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['content-type'], name).toBe(type);
      expect(response.headers['cache-control'], name).toBe(cache);
      expect(response.rawPayload.equals(Buffer.from(files.get(name) as Uint8Array)), name).toBe(true);
    }
  });

  it('sends text compressed and answers 304 to a copy it already has', async () => {
    const url = `/shops/${alias}/app/assets/shop-app-F1xture0.js`;
    const response = await kit.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).equals(Buffer.from(files.get('assets/shop-app-F1xture0.js') as Uint8Array))).toBe(true);
    const again = await kit.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(response.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('refuses paths out of the app’s folder and files it does not have', async () => {
    writeFileSync(path.join(buildsDir(), 'secret.txt'), 'secret');
    for (const url of [
      `/shops/${alias}/app/%2e%2e/%2e%2e/secret.txt`,
      `/shops/${alias}/app/..%2f..%2fsecret.txt`,
      `/shops/${alias}/app/assets/..%2f..%2f..%2fsecret.txt`,
      `/shops/${alias}/app/.%2e/web/index.html`,
      `/shops/${alias}/app/missing.js`,
    ]) {
      const response = await kit.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('secret');
    }
    expect((await kit.app.inject({ method: 'GET', url: '/shops/No_Such..Shop/app/' })).statusCode).toBe(404);
  });
});
