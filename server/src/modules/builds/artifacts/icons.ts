/**
 * The app icons of a build (issue 31), made from the shop's logo: an SVG per icon that places the
 * logo (a data: URI image) on the design's colour, rasterised by resvg (@resvg/resvg-js).
 *
 * resvg 2.6 decodes PNG, JPEG and GIF logos but not WebP, and it silently draws nothing for an
 * image it cannot decode. So the logo's size is read from its own header first (PNG IHDR, JPEG
 * SOF, GIF screen descriptor) and the logo is drawn alone once: a logo without a readable header,
 * a WebP logo, or one that draws no pixel at all is refused with LOGO_UNREADABLE. A small logo is
 * accepted and scaled up (blurry beats no app).
 */
import { Resvg } from '@resvg/resvg-js';
import { parseColour } from '@contract/colour';
import { ArtifactInputError, type IconSet } from './types';

type LogoType = 'image/png' | 'image/jpeg' | 'image/gif';

interface Logo {
  type: LogoType;
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

const MAX_SIDE = 20_000;

const u16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u32be = (bytes: Uint8Array, at: number) => (u16be(bytes, at) * 0x10000 + u16be(bytes, at + 2)) >>> 0;
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((byte, i) => bytes[i] === byte);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  // The first chunk must be IHDR, 13 bytes long.
  if (bytes.length < 33 || u32be(bytes, 8) !== 13 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length: TEM, RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = u16be(bytes, at + 2);
    if (length < 2) return null;
    // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    at += 2 + length;
  }
  return null;
}

function gifSize(bytes: Uint8Array): { width: number; height: number } | null {
  return bytes.length >= 13 ? { width: u16le(bytes, 6), height: u16le(bytes, 8) } : null;
}

/** The logo's type and size from its own bytes, or a sentence saying what is wrong with it. */
function readLogo(bytes: Uint8Array, contentType: string): Logo | string {
  if (bytes.length === 0) return 'The logo file is empty.';
  let type: LogoType;
  let size: { width: number; height: number } | null;
  if (startsWith(bytes, PNG_SIGNATURE)) {
    type = 'image/png';
    size = pngSize(bytes);
  } else if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    type = 'image/jpeg';
    size = jpegSize(bytes);
  } else if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') {
    type = 'image/gif';
    size = gifSize(bytes);
  } else if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') {
    return 'The logo is a WebP image, which cannot be made into app icons yet.';
  } else {
    return `The logo (${contentType || 'unknown type'}) is not a PNG or JPEG image.`;
  }
  const name = type === 'image/png' ? 'PNG' : type === 'image/jpeg' ? 'JPEG' : 'GIF';
  if (!size) return `The logo’s ${name} data is damaged: its size cannot be read.`;
  if (size.width < 1 || size.height < 1 || size.width > MAX_SIDE || size.height > MAX_SIDE) {
    return `The logo’s ${name} data is damaged: it claims a size of ${size.width} × ${size.height} pixels.`;
  }
  return { type, ...size, dataUri: `data:${type};base64,${Buffer.from(bytes).toString('base64')}` };
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
 * Every icon of `IconSet` from the shop's logo (PNG, JPEG or GIF) on the design's colours
 * (`#RRGGBBAA`, drawn opaque): `background` behind the icons, `splashBackground` behind the
 * splash screen's logo. Throws ArtifactInputError('LOGO_UNREADABLE') for a logo it cannot read.
 */
export async function makeIcons(logo: { bytes: Uint8Array; contentType: string }, colours: { background: string; splashBackground: string }): Promise<IconSet> {
  const read = readLogo(logo.bytes, logo.contentType);
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
