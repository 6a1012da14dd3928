/**
 * The public page's Open Graph picture (issue 14): a 1200x630 PNG of the shop's default design,
 * drawn as SVG (a phone with the design's toolbar, body, buttons, bottom bar and logo beside the
 * shop's name) and rasterised by resvg (@resvg/resvg-js, a prebuilt binary from npm: no network,
 * no browser). Text uses the machine's fonts when it has any; without fonts the picture still
 * renders, without its words. Rendered PNGs are kept per (alias, version, revision).
 */
import { Resvg } from '@resvg/resvg-js';
import { PRODUCT_NAME } from '@contract/brand';
import { parseCreationTolerant } from '@contract/design/schemas-tolerant';
import { UPLOADS_PATH } from '@contract/pages';
import { escapeHtml } from '../../html';
import { STORED_NAME, uploadKey } from '../../media/store';
import { readStored, type FileStorage } from '../../storage/port';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** `#RRGGBBAA` (web format) -> an SVG colour and opacity. */
function paint(colour: string): { fill: string; opacity: string } {
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(colour);
  if (!match) return { fill: '#888888', opacity: '1' };
  return { fill: `#${match[1]}`, opacity: match[2] ? (parseInt(match[2], 16) / 255).toFixed(3) : '1' };
}
const fill = (colour: string) => {
  const { fill: value, opacity } = paint(colour);
  return `fill="${value}" fill-opacity="${opacity}"`;
};
const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

interface OgInput {
  name: string;
  slogan: string;
  logo: string;
  config: Record<string, unknown> | null;
}

/**
 * A data: URI of the shop's uploaded logo (PNG or JPEG only; anything else, or a file gone, is
 * left out). A store that is down fails the picture (503) rather than caching it without its logo.
 */
async function logoData(storage: FileStorage, logo: string): Promise<string | null> {
  const file = logo.startsWith(`${UPLOADS_PATH}/`) ? logo.slice(UPLOADS_PATH.length + 1) : '';
  if (!STORED_NAME.test(file)) return null;
  const type = file.endsWith('.png') ? 'image/png' : file.endsWith('.jpg') ? 'image/jpeg' : null;
  if (!type) return null;
  const bytes = await readStored(storage, uploadKey(file));
  return bytes ? `data:${type};base64,${bytes.toString('base64')}` : null;
}

function ogSvg(input: OgInput, logo: string | null): string {
  const creation = parseCreationTolerant(input.config ?? {});
  const c = creation.colors;
  const [barFrom = c.primary, barTo = c.primaryDark] = creation.toolBar.gradient.colors;
  const [buttonFrom = c.primary, buttonTo = c.primaryDark] = creation.buttons.gradient.colors;
  const phone = { x: 90, y: 40, w: 300, h: 550 };
  const screen = { x: phone.x + 14, y: phone.y + 14, w: phone.w - 28, h: phone.h - 28 };
  const name = escapeHtml(clip(input.name, 28));
  const slogan = escapeHtml(clip(input.slogan, 60));
  const tiles = [0, 1, 2, 3]
    .map((index) => {
      const x = screen.x + 14 + (index % 2) * ((screen.w - 42) / 2 + 14);
      const y = screen.y + 130 + Math.floor(index / 2) * 150;
      return `<rect x="${x}" y="${y}" width="${(screen.w - 42) / 2}" height="130" rx="10" ${fill(c.bodyColor)} stroke="${paint(c.primaryLight).fill}" stroke-width="2"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
<defs>
<linearGradient id="bar" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${paint(barFrom).fill}"/><stop offset="1" stop-color="${paint(barTo).fill}"/></linearGradient>
<linearGradient id="button" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${paint(buttonFrom).fill}"/><stop offset="1" stop-color="${paint(buttonTo).fill}"/></linearGradient>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${paint(c.primaryDark).fill}"/><stop offset="1" stop-color="#101828"/></linearGradient>
<clipPath id="screen"><rect x="${screen.x}" y="${screen.y}" width="${screen.w}" height="${screen.h}" rx="26"/></clipPath>
</defs>
<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>
<rect x="${phone.x}" y="${phone.y}" width="${phone.w}" height="${phone.h}" rx="40" fill="#0B0B0F"/>
<g clip-path="url(#screen)">
<rect x="${screen.x}" y="${screen.y}" width="${screen.w}" height="${screen.h}" ${fill(c.backgroundColor)}/>
<rect x="${screen.x}" y="${screen.y}" width="${screen.w}" height="100" fill="url(#bar)"/>
${logo ? `<image x="${screen.x + 14}" y="${screen.y + 34}" width="52" height="52" href="${logo}" xlink:href="${logo}" preserveAspectRatio="xMidYMid meet"/>` : `<circle cx="${screen.x + 40}" cy="${screen.y + 60}" r="24" ${fill(c.accent)}/>`}
<text x="${screen.x + 78}" y="${screen.y + 68}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="20" font-weight="bold" ${fill(c.toolBarForeground)}>${escapeHtml(clip(input.name, 16))}</text>
${tiles}
<rect x="${screen.x + 14}" y="${screen.y + 430}" width="${screen.w - 28}" height="44" rx="${Math.min(22, creation.buttons.border.radius.topLeft)}" fill="url(#button)"/>
${creation.appTemplate.hasBottomNavBar || creation.bottomNavBar.isShow ? `<rect x="${screen.x}" y="${screen.y + screen.h - 44}" width="${screen.w}" height="44" ${fill(creation.bottomNavBar.background)}/>${[0, 1, 2, 3].map((i) => `<circle cx="${screen.x + 34 + i * ((screen.w - 68) / 3)}" cy="${screen.y + screen.h - 22}" r="8" ${fill(i === 0 ? creation.bottomNavBar.selectedColor : c.primaryLight)}/>`).join('')}` : ''}
</g>
<text x="470" y="270" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="64" font-weight="bold" fill="#FFFFFF">${name}</text>
${slogan ? `<text x="470" y="330" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="30" fill="#E3E8FF">${slogan}</text>` : ''}
<rect x="470" y="380" width="120" height="12" rx="6" ${fill(c.primary)}/><rect x="600" y="380" width="80" height="12" rx="6" ${fill(c.accent)}/>
<text x="470" y="560" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" fill="#C7CEEA">Designed with ${escapeHtml(PRODUCT_NAME)}</text>
</svg>`;
}

const cache = new Map<string, Buffer>();
const CACHE_SIZE = 200;

/** The PNG of `input` (cached under `key`, e.g. alias/version/revision). */
export async function renderOgImage(storage: FileStorage, key: string, input: OgInput): Promise<Buffer> {
  const known = cache.get(key);
  if (known) return known;
  const svg = ogSvg(input, await logoData(storage, input.logo));
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: OG_WIDTH }, font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).render().asPng();
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, png);
  return png;
}
