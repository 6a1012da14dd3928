/**
 * How far the brand colours reach (spec section 4 "Colour derivation", issue 27). Setting the
 * primary colour always derives its two shades and the toolbar text, the accent its two shades
 * (the spec's rule). Every field listed below takes a colour of that palette (the Search button,
 * prices, the selected category chip, the login button, ...) and follows the palette when the
 * primary or accent colour changes, until the merchant sets the field by hand.
 *
 * The record: the Creation's `handSetColours` lists the paths of the fields set by hand (only
 * paths of this table, validated by the schema). A brand colour change leaves those alone; a
 * field set back to the very colour its rule gives follows again. A design stored before the
 * record existed has an empty list: all of its fields follow from the next change on.
 *
 * Nothing is derived when a design is read: the stored colours are what every renderer (and the
 * built app) shows, so a template's deliberate colours look as they were made. Zod-free.
 */
import { deriveAccent, derivePrimary, normaliseColour } from '../colour';
import type { Creation } from './schemas';

/** The brand palette a derived field takes its colour from. */
export interface Palette {
  primary: string;
  primaryDark: string;
  primaryLight: string;
  /** The text colour on the primary colour (the toolbar's). */
  onPrimary: string;
  accent: string;
  accentDark: string;
  accentLight: string;
}

type Brand = 'primary' | 'accent';
type Colour = string | readonly [string, string];

interface Rule {
  /** The brand colours whose change moves the field. */
  follows: readonly Brand[];
  colour: (palette: Palette) => Colour;
}

const PRIMARY: readonly Brand[] = ['primary'];
const BOTH: readonly Brand[] = ['primary', 'accent'];
const primary: Rule = { follows: PRIMARY, colour: (p) => p.primary };
const primaryLight: Rule = { follows: PRIMARY, colour: (p) => p.primaryLight };
const primaryDark: Rule = { follows: PRIMARY, colour: (p) => p.primaryDark };
const onPrimary: Rule = { follows: PRIMARY, colour: (p) => p.onPrimary };
const primaryGradient: Rule = { follows: PRIMARY, colour: (p) => [p.primary, p.primaryDark] };

/** Each derived field (a `/` path of the Creation) and the palette colour it takes. */
export const DERIVED_COLOURS = {
  'colors/chatSenderBalloon': primary,
  'toolBar/gradient/colors': primaryGradient,
  // The login screen's Sign In, the checkout's Place Order, the support page's buttons.
  'buttons/gradient/colors': primaryGradient,
  'buttons/font/fontColor': onPrimary,
  'splashScreen/background/gradient/colors': { follows: BOTH, colour: (p) => [p.primary, p.accent] },
  'splashScreen/background/color': primary,
  'sideNavigationDrawer/header/background/colors': primaryGradient,
  'sideNavigationDrawer/header/font/color': onPrimary,
  'sideNavigationDrawer/item/selected/background': primaryLight,
  'sideNavigationDrawer/item/selected/font/color': primaryDark,
  'sideNavigationDrawer/ripple/color': primary,
  'sideNavIcon/color': onPrimary,
  'bottomNavBar/selected/color': primary,
  'bottomNavBar/selectedColor': primary,
  // The first (selected) category chip of the home page.
  'homeCategories/itemHighlight': primaryLight,
  'measurementItem/priceFontColor': primary,
  'measurementItem/price/color': primary,
  'quantitySelection/increment/background': primary,
  'quantitySelection/increment/border/color': primary,
  'quantitySelection/increment/font/color': onPrimary,
  'sizesSelection/selected/background': primary,
  'sizesSelection/selected/border/color': primary,
  'sizesSelection/selected/font/color': onPrimary,
  'productDetailsCTA/primary/background': primary,
  'productDetailsCTA/primary/border/color': primary,
  'productDetailsCTA/primary/font/color': onPrimary,
  'productDetailsCTA/secondary/font/color': primary,
  'productDetailsCTA/secondary/border/color': primary,
  'searchBar/button/background': primary,
  'searchBar/button/border/color': primary,
  'searchBar/button/font/color': onPrimary,
  'admin/primary': primary,
  'admin/accent': { follows: ['accent'], colour: (p) => p.accent },
} as const satisfies Record<string, Rule>;

export type DerivedPath = keyof typeof DERIVED_COLOURS;
export const DERIVED_PATHS = Object.keys(DERIVED_COLOURS) as [DerivedPath, ...DerivedPath[]];

export function isDerivedPath(path: string): path is DerivedPath {
  return Object.hasOwn(DERIVED_COLOURS, path);
}

export function paletteOf(colors: Creation['colors']): Palette {
  const { primaryDark, primaryLight, toolBarForeground, accentDark, accentLight } = colors;
  return { primary: colors.primary, primaryDark, primaryLight, onPrimary: toolBarForeground, accent: colors.accent, accentDark, accentLight };
}

/** The colour `path` takes from `palette`. */
export function derivedColour(path: DerivedPath, palette: Palette): Colour {
  return (DERIVED_COLOURS[path] as Rule).colour(palette);
}

type Patch = Record<string, unknown>;
type Design = Pick<Creation, 'colors' | 'handSetColours'>;

/**
 * Setting the primary or accent colour: the spec's shades (and toolbar text), and every derived
 * field that follows that colour and was not set by hand. Empty for a value that is no colour.
 */
export function brandColourPatch(design: Design, brand: Brand, value: string): Patch {
  const colour = normaliseColour(value);
  if (!colour) return {};
  const palette = paletteOf(design.colors);
  let shades: Patch;
  if (brand === 'primary') {
    const derived = derivePrimary(colour);
    Object.assign(palette, { primary: derived.primary, primaryDark: derived.primaryDark, primaryLight: derived.primaryLight, onPrimary: derived.toolBarForeground });
    shades = { 'colors/primary': derived.primary, 'colors/primaryDark': derived.primaryDark, 'colors/primaryLight': derived.primaryLight, 'colors/toolBarForeground': derived.toolBarForeground };
  } else {
    const derived = deriveAccent(colour);
    Object.assign(palette, derived);
    shades = { 'colors/accent': derived.accent, 'colors/accentDark': derived.accentDark, 'colors/accentLight': derived.accentLight };
  }
  const handSet = new Set<string>(design.handSetColours);
  const followers = DERIVED_PATHS.filter((path) => !handSet.has(path) && (DERIVED_COLOURS[path] as Rule).follows.includes(brand));
  return { ...shades, ...Object.fromEntries(followers.map((path) => [path, derivedColour(path, palette)])) };
}

const sameColour = (a: unknown, b: Colour): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, index) => sameColour(item, b[index] as string)) : typeof a === 'string' && typeof b === 'string' && normaliseColour(a) === normaliseColour(b);

/**
 * The record of a hand edit of `path` to `value`: a derived field joins `handSetColours`, or
 * leaves it when set to the colour its rule gives. Empty when nothing changes (any other path).
 */
export function handSetPatch(design: Design, path: string, value: unknown): Patch {
  if (!isDerivedPath(path)) return {};
  const follows = sameColour(value, derivedColour(path, paletteOf(design.colors)));
  const listed = design.handSetColours.includes(path);
  if (follows === !listed) return {};
  return { handSetColours: follows ? design.handSetColours.filter((known) => known !== path) : [...design.handSetColours, path] };
}
