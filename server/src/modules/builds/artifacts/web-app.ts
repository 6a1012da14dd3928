/**
 * Artifact 1 of a build (issue 31): the shop's installable web app, every file relative to its own
 * root, which is served at /shops/{alias}/app/ (web-app-route.ts) and zipped. The page and its
 * assets come from the shell the portal's build makes (scripts/shop-app-build.ts, src/shop-app):
 * this adds the shop's page data (the Creation and the sample catalogue, contract/builds/web-app.ts),
 * its manifest, its icons, the catalogue pictures it shows and a service worker that precaches
 * them all. The same input makes the same files.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ProductCategory, SampleProduct, Slide } from '@contract/catalog/schemas';
import { SHOP_APP_DATA_ID, type ShopAppData } from '@contract/builds/web-app';
import { parseColour } from '@contract/colour';
import { CONSTANTS, SAMPLE_SUPER_CATEGORIES } from '@contract/constants';
import type { Creation } from '@contract/design/schemas';
import { SAMPLE_CATALOGUE_WITH_URLS } from '../../../db/sample-catalogue/with-urls';
import { escapeHtml } from '../../../html';
import type { ArtifactFiles, BuildInput, IconSet } from './types';

/** Where the portal's build writes the shell, inside dist/ (scripts/shop-app-build.ts SHOP_APP_OUT_DIR). */
const SHELL_DIR = '.vite/shop-app';
const SHELL_PAGE = 'shop-app.html';
/** Where the shell's page takes the shop's head tags. */
const HEAD_MARKER = /<!--\s*shop-app:head[\s\S]*?-->/;
const DATA_ELEMENT = new RegExp(`(<script type="application/json" id="${SHOP_APP_DATA_ID}">)[\\s\\S]*?(</script>)`);

/** The built shop app: its page template and assets, read from dist/ once. */
export interface WebAppShell {
  /** shop-app.html as built: relative asset URLs, a head marker and an empty data element. */
  html: string;
  /** The page's hashed assets by their path inside the app ('assets/…'). */
  assets: ReadonlyMap<string, Uint8Array>;
  /** A sample catalogue picture by its path under dist/ ('catalogue/products/….webp'). */
  catalogueFile(relativePath: string): Uint8Array;
}

/** Reads the shop app's shell from `distDir` (the portal's dist/); throws when it was not built. */
export function loadWebAppShell(distDir: string): WebAppShell {
  const root = path.join(distDir, SHELL_DIR);
  const page = path.join(root, SHELL_PAGE);
  if (!existsSync(page)) throw new Error(`The shops' web app is not built: ${page} is missing (npm run build makes it).`);
  const html = readFileSync(page, 'utf8');
  if (!HEAD_MARKER.test(html) || !DATA_ELEMENT.test(html)) throw new Error(`${page} lacks the shop-app:head marker or the #${SHOP_APP_DATA_ID} element.`);
  const assets = new Map<string, Uint8Array>();
  const assetsDir = path.join(root, 'assets');
  for (const name of existsSync(assetsDir) ? readdirSync(assetsDir).sort() : []) {
    // woff files are the fonts' fallback for browsers without woff2, which none that installs web apps lacks.
    if (name.endsWith('.woff')) continue;
    assets.set(`assets/${name}`, new Uint8Array(readFileSync(path.join(assetsDir, name))));
  }
  const pictures = new Map<string, Uint8Array>();
  const catalogueDir = path.resolve(distDir, 'catalogue');
  return {
    html,
    assets,
    catalogueFile(relativePath) {
      const known = pictures.get(relativePath);
      if (known) return known;
      const file = path.resolve(distDir, relativePath);
      if (!file.startsWith(`${catalogueDir}${path.sep}`) || !existsSync(file))
        throw new Error(`The sample picture ${relativePath} is missing from ${distDir}.`);
      const bytes = new Uint8Array(readFileSync(file));
      pictures.set(relativePath, bytes);
      return bytes;
    },
  };
}

// ------------------------------------------------------------------ the sample catalogue

/**
 * The sample catalogue the phone preview would load for this design (the catalogue calls of
 * server/src/modules/catalog, without their shuffle): products of its trades taken in turn from
 * each (at most 40), its chosen categories (else its trades'), its trades' slides.
 */
function sampleFor(creation: Creation): ShopAppData['sample'] {
  const all = SAMPLE_SUPER_CATEGORIES.map((_, i) => i + 1);
  const superIds = creation.superCategoriesOfInterest.length > 0 ? creation.superCategoriesOfInterest : all;
  const trades = SAMPLE_CATALOGUE_WITH_URLS.filter((sample) => superIds.includes(sample.id));
  const lists: SampleProduct[][] = trades.map((sample) =>
    sample.products.map((product) => ({ ...product, superCategoryId: sample.id, sizes: product.sizes ?? [] })),
  );
  const products: SampleProduct[] = [];
  for (let index = 0; products.length < CONSTANTS.sampleProductsFetchLimit && lists.some((list) => index < list.length); index += 1) {
    for (const list of lists) {
      const product = list[index];
      if (product && products.length < CONSTANTS.sampleProductsFetchLimit) products.push(product);
    }
  }
  const allCategories: ProductCategory[] = SAMPLE_CATALOGUE_WITH_URLS.flatMap((sample) =>
    sample.categories.map((category) => ({ ...category, superCategoryId: sample.id })),
  );
  const chosen = creation.categoriesOfInterest;
  const categories = (
    chosen.length > 0
      ? allCategories.filter((category) => chosen.includes(category.id))
      : allCategories.filter((category) => superIds.includes(category.superCategoryId))
  ).slice(0, CONSTANTS.defaultListLimit);
  const slides: Slide[] = trades.flatMap((sample) => sample.slides);
  return { products, categories, slides };
}

// ------------------------------------------------------------------ pictures and URLs

/**
 * Every string of `value` that names a catalogue picture becomes a path relative to the app (and
 * is listed in `pictures`); an uploaded file keeps its absolute path on this origin (and is listed
 * in `uploads`: the service worker keeps it when it can).
 */
function relocate<T>(value: T, origin: string, pictures: Set<string>, uploads: Set<string>): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const local = origin && node.startsWith(`${origin}/`) ? node.slice(origin.length) : node;
      if (local.startsWith('/catalogue/') && !local.includes('..')) {
        const relative = local.slice(1).split(/[?#]/, 1)[0] as string;
        pictures.add(relative);
        return relative;
      }
      if (local.startsWith('/uploads/') && !local.includes('..')) {
        uploads.add(local);
        return local;
      }
      return node;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, walk(item)]));
    return node;
  };
  return walk(value) as T;
}

// ------------------------------------------------------------------ the files

/** `#RRGGBBAA` (any accepted colour) as `#RRGGBB`: manifests and theme-color take no alpha. */
function opaque(colour: string, fallback: string): string {
  const rgba = parseColour(colour);
  if (!rgba) return fallback;
  return `#${[rgba.r, rgba.g, rgba.b].map((n) => n.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** At most 12 characters (what a home screen shows under the icon): whole words when they fit. */
export function shortName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.length <= 12) return trimmed;
  let short = '';
  for (const word of trimmed.split(' ')) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > 12) break;
    short = next;
  }
  return (short || trimmed.slice(0, 12)).replace(/[\s&,.:;-]+$/, '');
}

const ICON_FILES = {
  icon192: 'icons/icon-192.png',
  icon512: 'icons/icon-512.png',
  maskable512: 'icons/maskable-512.png',
  appleTouch180: 'icons/apple-touch-icon.png',
} as const;

function manifestOf(input: BuildInput): string {
  const { creation } = input;
  return JSON.stringify(
    {
      id: './',
      name: input.shop.name,
      short_name: shortName(input.shop.name),
      description: input.shop.slogan,
      lang: 'en',
      start_url: './',
      scope: './',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: opaque(creation.colors.primary, '#000000'),
      background_color: opaque(creation.colors.backgroundColor, '#FFFFFF'),
      icons: [
        { src: ICON_FILES.icon192, sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: ICON_FILES.icon512, sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: ICON_FILES.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    null,
    2,
  );
}

/** JSON inside a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\.\/(assets\/[^"]+\.css)"\s*\/?>/g;

/**
 * The shell's page with its stylesheets inside it (a few kB): no render-blocking request before
 * the first paint. Their `url(./…)` (fonts next to the stylesheet) become `url(assets/…)`.
 */
function inlineStylesheets(shell: WebAppShell): string {
  return shell.html.replace(STYLESHEET_LINK, (link, file: string) => {
    const css = shell.assets.get(file);
    if (!css) return link;
    const folder = file.slice(0, file.lastIndexOf('/') + 1);
    const rewritten = Buffer.from(css)
      .toString('utf8')
      .replace(/url\((['"]?)\.\/([^'")]+)\1\)/g, (_match, quote: string, name: string) => `url(${quote}${folder}${name}${quote})`)
      .replace(/<\/style/gi, '<\\/style');
    return `<style>${rewritten}</style>`;
  });
}

function pageOf(input: BuildInput, shell: WebAppShell, data: ShopAppData, firstPicture: string | undefined): string {
  const { creation } = input;
  const name = escapeHtml(input.shop.name);
  const background = opaque(creation.colors.backgroundColor, '#FFFFFF');
  const head = [
    `<meta name="description" content="${escapeHtml(input.shop.slogan)}" />`,
    `<meta name="theme-color" content="${opaque(creation.colors.primary, '#000000')}" />`,
    `<meta name="application-name" content="${escapeHtml(shortName(input.shop.name))}" />`,
    `<meta name="apple-mobile-web-app-title" content="${escapeHtml(shortName(input.shop.name))}" />`,
    `<meta name="mobile-web-app-capable" content="yes" />`,
    `<meta name="apple-mobile-web-app-capable" content="yes" />`,
    `<link rel="manifest" href="manifest.webmanifest" />`,
    `<link rel="icon" type="image/png" sizes="192x192" href="${ICON_FILES.icon192}" />`,
    `<link rel="apple-touch-icon" href="${ICON_FILES.appleTouch180}" />`,
    // The home page's first slide (its largest picture): fetched with the page, not after the script has drawn it.
    ...(firstPicture ? [`<link rel="preload" as="image" href="${escapeHtml(firstPicture)}" fetchpriority="high" />`] : []),
    `<style>html,body{background:${background}}</style>`,
  ].join('\n    ');
  return inlineStylesheets(shell)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${name}</title>`)
    .replace(HEAD_MARKER, () => head)
    .replace(DATA_ELEMENT, (_match, open: string, close: string) => `${open}${scriptJson(data)}${close}`);
}

/**
 * The service worker: precaches every file of the app under a cache named for this build (the
 * uploaded pictures the design shows too, when they answer), serves them cache first (a page
 * load inside the app's folder gets index.html), and on activation deletes this app's older
 * caches. Scoped to the app's folder by where it is (./sw.js).
 */
function serviceWorkerOf(cacheName: string, cachePrefix: string, files: readonly string[], uploads: readonly string[]): string {
  return `// The offline copy of this app (made by its build; every file of the app, cache first).
const CACHE = ${JSON.stringify(cacheName)};
const PREFIX = ${JSON.stringify(cachePrefix)};
const FILES = ${JSON.stringify(files, null, 2)};
const UPLOADS = ${JSON.stringify(uploads)};
const scoped = (file) => new URL(file, self.registration.scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(FILES.map((file) => new Request(scoped(file), { cache: 'reload' })));
      // Uploaded pictures are kept when they answer: one gone must not stop the app working offline.
      await Promise.all(UPLOADS.map((url) => cache.add(new Request(new URL(url, self.location.origin).href, { cache: 'reload' })).catch(() => undefined)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const cached = request.mode === 'navigate' && request.url.startsWith(self.registration.scope)
        ? await cache.match(scoped('index.html'))
        : await cache.match(request, { ignoreSearch: true });
      return cached ?? fetch(request);
    })(),
  );
});
`;
}

/** Every file of the shop's web app, by its path inside the app (served at /shops/{alias}/app/). */
export function makeWebApp(input: BuildInput, icons: IconSet, shell: WebAppShell): ArtifactFiles {
  const pictures = new Set<string>();
  const uploads = new Set<string>();
  const origin = input.origin.replace(/\/+$/, '');
  const data: ShopAppData = relocate({ creation: input.creation, sample: sampleFor(input.creation) }, origin, pictures, uploads);
  const files: ArtifactFiles = new Map();
  const text = (value: string) => new Uint8Array(Buffer.from(value, 'utf8'));
  files.set('index.html', text(pageOf(input, shell, data, data.sample.slides[0]?.image || undefined)));
  files.set('manifest.webmanifest', text(manifestOf(input)));
  for (const [key, file] of Object.entries(ICON_FILES)) files.set(file, icons[key as keyof typeof ICON_FILES]);
  for (const [file, bytes] of shell.assets) files.set(file, bytes);
  for (const picture of [...pictures].sort()) files.set(picture, shell.catalogueFile(picture));

  const names = [...files.keys()].sort();
  const hash = createHash('sha256');
  for (const name of names)
    hash
      .update(name)
      .update('\0')
      .update(files.get(name) as Uint8Array)
      .update('\0');
  const prefix = `shop-app:${input.shop.alias}:`;
  const cacheName = `${prefix}${input.buildNumber}-${hash.digest('hex').slice(0, 12)}`;
  files.set('sw.js', text(serviceWorkerOf(cacheName, prefix, names, [...uploads].sort())));
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
