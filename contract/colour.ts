/**
 * Colours of a Creation (spec sections 3, 4 and 9). The web format is `#RRGGBBAA`, the mobile
 * format `0xAARRGGBB`; both carry the same four bytes, so conversion is lossless both ways.
 * `#RGB` and `#RRGGBB` are accepted in (opaque). Zod-free: the renderer and the editor use it.
 */
import { CONSTANTS } from './constants';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0-255 */
  a: number;
}

const WEB = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const MOBILE = /^0x([0-9a-f]{8})$/i;

/** Reads any accepted colour (`#RGB`, `#RRGGBB`, `#RRGGBBAA`, `0xAARRGGBB`); undefined when it is none. */
export function parseColour(value: string): Rgba | undefined {
  const text = value.trim();
  const mobile = MOBILE.exec(text);
  if (mobile) {
    const n = Number.parseInt(mobile[1] as string, 16);
    return { a: (n >>> 24) & 255, r: (n >>> 16) & 255, g: (n >>> 8) & 255, b: n & 255 };
  }
  const web = WEB.exec(text);
  if (!web) return undefined;
  let hex = web[1] as string;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  if (hex.length === 6) hex += 'ff';
  const n = Number.parseInt(hex, 16);
  return { r: (n >>> 24) & 255, g: (n >>> 16) & 255, b: (n >>> 8) & 255, a: n & 255 };
}

const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');

export function toWeb({ r, g, b, a }: Rgba): string {
  return `#${hex2(r)}${hex2(g)}${hex2(b)}${hex2(a)}`.toUpperCase();
}

export function toMobile({ r, g, b, a }: Rgba): string {
  return `0x${hex2(a)}${hex2(r)}${hex2(g)}${hex2(b)}`.toUpperCase().replace(/^0X/, '0x');
}

/** Web `#RRGGBBAA` -> mobile `0xAARRGGBB` (any accepted input); undefined for a non-colour. */
export function webToMobile(value: string): string | undefined {
  const rgba = parseColour(value);
  return rgba && toMobile(rgba);
}

/** Mobile `0xAARRGGBB` -> web `#RRGGBBAA` (any accepted input); undefined for a non-colour. */
export function mobileToWeb(value: string): string | undefined {
  const rgba = parseColour(value);
  return rgba && toWeb(rgba);
}

/** Any accepted colour in the Creation's stored (web) form, or undefined. */
export function normaliseColour(value: string): string | undefined {
  return mobileToWeb(value);
}

/** A CSS colour for the browser: `rgba(...)` (every browser reads it, whatever the input form). */
export function cssColour(value: string, fallback = 'transparent'): string {
  const c = parseColour(value);
  if (!c) return fallback;
  return c.a === 255 ? `rgb(${c.r},${c.g},${c.b})` : `rgba(${c.r},${c.g},${c.b},${+(c.a / 255).toFixed(3)})`;
}

/** The same colour at an opacity of 0-1 multiplied into its own alpha. */
export function withOpacity(value: string, opacity: number): string {
  const c = parseColour(value);
  if (!c) return 'transparent';
  return cssColour(toWeb({ ...c, a: c.a * Math.min(1, Math.max(0, opacity)) }));
}

// ------------------------------------------------------------ derivation (spec section 4)

function toHsl({ r, g, b }: Rgba): [number, number, number] {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function fromHsl(h: number, s: number, l: number, a: number): Rgba {
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255, a };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return { r: channel(h + 1 / 3) * 255, g: channel(h) * 255, b: channel(h - 1 / 3) * 255, a };
}

/** Lightness scaled by (1 - step): one 30% step darker, alpha kept. */
export function darken(value: string, step: number = CONSTANTS.colourShadeStep): string {
  const c = parseColour(value);
  if (!c) return value;
  const [h, s, l] = toHsl(c);
  return toWeb(fromHsl(h, s, l * (1 - step), c.a));
}

/** Lightness scaled by (1 + step), at most white: one 30% step lighter, alpha kept. */
export function lighten(value: string, step: number = CONSTANTS.colourShadeStep): string {
  const c = parseColour(value);
  if (!c) return value;
  const [h, s, l] = toHsl(c);
  return toWeb(fromHsl(h, s, Math.min(1, l * (1 + step)), c.a));
}

/**
 * WCAG 2.x relative luminance, 0 (black) to 1 (white): the one formula behind the contrast guard
 * and the derived text colours (sRGB's 0.04045 knee; the older 0.03928 gives the same answer for
 * every 8-bit channel).
 */
export function luminosity(value: string): number {
  const c = parseColour(value);
  if (!c) return 0;
  const lin = (v: number) => {
    const n = v / 255;
    return n <= 0.04045 ? n / 12.92 : ((n + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

export const WHITE = '#FFFFFFFF';
export const BLACK = '#000000FF';

/** The WCAG contrast ratio of two colours (1 to 21), opacity ignored. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminosity(a), luminosity(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for body text. */
export const READABLE_CONTRAST = 4.5;

/**
 * `colour`, or the nearest tint of it (toward white, or toward black when `other` is light) that
 * reaches `minimum` contrast with `other`: a brand colour kept readable as text on a background,
 * or as a background behind a text. Alpha kept.
 */
export function readableAgainst(colour: string, other: string, minimum: number = READABLE_CONTRAST): string {
  const c = parseColour(colour);
  if (!c || contrastRatio(colour, other) >= minimum) return colour;
  const target = contrastRatio(WHITE, other) >= contrastRatio(BLACK, other) ? 255 : 0;
  let tinted = colour;
  for (let step = 1; step <= 10; step += 1) {
    const mix = (channel: number) => channel + (target - channel) * (step / 10);
    tinted = toWeb({ r: mix(c.r), g: mix(c.g), b: mix(c.b), a: c.a });
    if (contrastRatio(tinted, other) >= minimum) break;
  }
  return tinted;
}

/** White text below the luminosity threshold (0.55), black otherwise. */
export function textOn(value: string): string {
  return luminosity(value) < CONSTANTS.colourLuminosityThreshold ? WHITE : BLACK;
}

/** Setting the primary colour: its two shades and the toolbar text colour. */
export function derivePrimary(primary: string): { primary: string; primaryDark: string; primaryLight: string; toolBarForeground: string } {
  const web = normaliseColour(primary) ?? primary;
  return { primary: web, primaryDark: darken(web), primaryLight: lighten(web), toolBarForeground: textOn(web) };
}

/** Setting the accent colour: the same two shades. */
export function deriveAccent(accent: string): { accent: string; accentDark: string; accentLight: string } {
  const web = normaliseColour(accent) ?? accent;
  return { accent: web, accentDark: darken(web), accentLight: lighten(web) };
}

/**
 * Setting the background colour derives the body (text) colour: a dark grey on light backgrounds,
 * near white on dark ones, by the same luminosity threshold.
 */
export function deriveBackground(backgroundColor: string): { backgroundColor: string; bodyColor: string } {
  const web = normaliseColour(backgroundColor) ?? backgroundColor;
  return { backgroundColor: web, bodyColor: textOn(web) === WHITE ? '#F5F5F5FF' : '#212121FF' };
}
