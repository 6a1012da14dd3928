/**
 * The app icons of a build (issue 31), made from the shop's logo: an SVG per icon that places the
 * logo (a data: URI image) on the design's colour, rasterised by resvg (@resvg/resvg-js).
 *
 * The logo is decoded by sharp first (PNG, JPEG, WebP, which the portal's logo cropper makes,
 * GIF, AVIF): a logo sharp cannot decode whole is refused with LOGO_UNREADABLE, and a readable
 * one reaches resvg as a PNG at most 1024 pixels a side (resvg cannot decode WebP and silently
 * draws nothing for an image it cannot read). A small logo is accepted and scaled up (blurry
 * beats no app); one that draws no visible pixel is refused.
 */
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { parseColour } from '@contract/colour';
import { ArtifactInputError, type IconSet } from './types';

interface Logo {
  width: number;
  height: number;
  dataUri: string;
}

/** Where and how big the logo is drawn inside a canvas. */
interface Placement {
  width: number;
  height: number;
  /** The logo fits a box of this side, centred (its aspect ratio kept). */
  box: number;
  /** The logo's whole diagonal fits a circle of this diameter, centred (safe zones). */
  circle?: number;
  background: string | null;
  /** Corner radius of the background (0: full bleed). */
  radius?: number;
}

/** The largest logo side kept: the biggest icon is 1024. */
const LOGO_SIDE = 1024;
/** Larger pictures are refused before decoding (a decompression bomb is not a logo). */
const MAX_PIXELS = 20_000 * 20_000;

/** The logo as a PNG data URI with its size, or a sentence saying what is wrong with it. */
async function readLogo(bytes: Uint8Array, contentType: string): Promise<Logo | string> {
  if (bytes.length === 0) return 'The logo file is empty.';
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: LOGO_SIDE, height: LOGO_SIDE, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, dataUri: `data:image/png;base64,${data.toString('base64')}` };
  } catch {
    return `The logo (${contentType || 'unknown type'}) cannot be read as an image: its data is damaged or of a kind we do not know.`;
  }
}

/** `#RRGGBB` and its opacity for SVG, opaque when asked (icons that may not be transparent). */
function svgColour(value: string, opaque: boolean): { fill: string; opacity: string } {
  const rgba = parseColour(value) ?? { r: 255, g: 255, b: 255, a: 255 };
  const hex = [rgba.r, rgba.g, rgba.b].map((n) => n.toString(16).padStart(2, '0')).join('');
  return { fill: `#${hex.toUpperCase()}`, opacity: opaque ? '1' : (rgba.a / 255).toFixed(3) };
}

/** The logo's drawn size inside `placement`: fits its box, and its diagonal fits the circle. */
function logoRect(logo: Logo, placement: Placement) {
  let scale = Math.min(placement.box / logo.width, placement.box / logo.height);
  if (placement.circle !== undefined) scale = Math.min(scale, placement.circle / Math.hypot(logo.width, logo.height));
  const width = logo.width * scale;
  const height = logo.height * scale;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { x: round((placement.width - width) / 2), y: round((placement.height - height) / 2), width: round(width), height: round(height) };
}

function iconSvg(logo: Logo, placement: Placement): string {
  const { width, height } = placement;
  const rect = logoRect(logo, placement);
  const background = placement.background
    ? (() => {
        const colour = svgColour(placement.background, true);
        const radius = placement.radius ? ` rx="${placement.radius}"` : '';
        return `<rect width="${width}" height="${height}"${radius} fill="${colour.fill}" fill-opacity="${colour.opacity}"/>`;
      })()
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    background +
    `<image x="${rect.x}" y="${rect.y}" width="${rect.width}" height="${rect.height}" preserveAspectRatio="xMidYMid meet" xlink:href="${logo.dataUri}"/>` +
    `</svg>`
  );
}

function render(svg: string): { png: Uint8Array; pixels: Uint8Array } {
  const image = new Resvg(svg, { font: { loadSystemFonts: false }, imageRendering: 0, shapeRendering: 2 }).render();
  return { png: new Uint8Array(image.asPng()), pixels: new Uint8Array(image.pixels) };
}

/** True when resvg drew at least one visible pixel of the logo alone (a damaged image draws nothing). */
function drawsSomething(logo: Logo): boolean {
  const { pixels } = render(iconSvg(logo, { width: 64, height: 64, box: 64, background: null }));
  for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) return true;
  return false;
}

/**
 * Every icon of `IconSet` from the shop's logo (PNG, JPEG, WebP, GIF) on the design's colours
 * (`#RRGGBBAA`, drawn opaque): `background` behind the icons, `splashBackground` behind the
 * splash screen's logo. Throws ArtifactInputError('LOGO_UNREADABLE') for a logo it cannot read.
 */
export async function makeIcons(logo: { bytes: Uint8Array; contentType: string }, colours: { background: string; splashBackground: string }): Promise<IconSet> {
  const read = await readLogo(logo.bytes, logo.contentType);
  if (typeof read === 'string') throw new ArtifactInputError('LOGO_UNREADABLE', read);
  if (!drawsSomething(read)) throw new ArtifactInputError('LOGO_UNREADABLE', 'The logo’s image data cannot be decoded: it draws nothing.');
  const square = (side: number, options: Omit<Placement, 'width' | 'height'>) => render(iconSvg(read, { width: side, height: side, ...options })).png;
  const bg = colours.background;
  return {
    // `any` icons: a rounded square, the logo in its middle 70 %.
    icon192: square(192, { box: 192 * 0.7, background: bg, radius: 192 * 0.18 }),
    icon512: square(512, { box: 512 * 0.7, background: bg, radius: 512 * 0.18 }),
    // Maskable: full bleed, the logo's diagonal inside the safe zone (a circle of 80 % of the side).
    maskable512: square(512, { box: 512 * 0.8, circle: 512 * 0.76, background: bg }),
    // iOS rounds the corners itself; the store icon has no transparency.
    appleTouch180: square(180, { box: 180 * 0.72, background: bg }),
    icon1024: square(1024, { box: 1024 * 0.72, background: bg }),
    // Android's adaptive foreground: transparent, the logo inside the 66 % safe zone.
    adaptiveForeground1024: square(1024, { box: 1024 * 0.66, circle: 1024 * 0.62, background: null }),
    splash: render(iconSvg(read, { width: 1284, height: 2778, box: 1284 * 0.4, background: colours.splashBackground })).png,
  };
}
