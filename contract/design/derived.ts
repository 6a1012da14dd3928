/**
 * How far the brand colours reach (spec section 4 "Colour derivation", issue 27). Setting the
 * primary colour always derives its two shades and the toolbar text, the accent its two shades
 * (the spec's rule). Every field listed below takes a colour of that palette (the Search button,
 * prices, the selected category chip, the login button, ...) and follows the palette when the
 * primary or accent colour changes, until the merchant sets the field by hand. A colour that
 * carries a text (a price, a selected item's text) or lies behind one (the selected chip) is toned
 * toward white or black until the pair reads (WCAG AA, 4.5:1): a dark or a pale brand colour never
 * makes the app unreadable.
 *
 * The record: the Creation's `handSetColours` lists the paths of the fields set by hand (only
 * paths of this table, validated by the schema). A brand colour change leaves those alone; a
 * field set back to the very colour its rule gives follows again. A design stored before the
 * record existed has an empty list: all of its fields follow from the next change on.
 *
 * Nothing is derived when a design is read: the stored colours are what every renderer (and the
 * built app) shows, so a template's deliberate colours look as they were made. Zod-free.
 */
import { deriveAccent, derivePrimary, normaliseColour, readableAgainst } from '../colour';
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
  /** Its colour from the palette; `design` (as it was) gives what lies behind or in front of it. */
  colour: (palette: Palette, design: Creation) => Colour;
}

const PRIMARY: readonly Brand[] = ['primary'];
const BOTH: readonly Brand[] = ['primary', 'accent'];
const primary: Rule = { follows: PRIMARY, colour: (p) => p.primary };
const onPrimary: Rule = { follows: PRIMARY, colour: (p) => p.onPrimary };
const primaryGradient: Rule = { follows: PRIMARY, colour: (p) => [p.primary, p.primaryDark] };
/** The primary colour as a text (or line) on `behind`, toned until it reads there (WCAG AA). */
const primaryOn = (behind: (design: Creation) => string): Rule => ({ follows: PRIMARY, colour: (p, d) => readableAgainst(p.primary, behind(d)) });

/** The derived fields (`/` paths of the Creation); the schema's `handSetColours` takes only these. */
export const DERIVED_PATHS = [
  'colors/chatSenderBalloon',
  'toolBar/gradient/colors',
  'buttons/gradient/colors',
  'buttons/font/fontColor',
  'splashScreen/background/gradient/colors',
  'splashScreen/background/color',
  'sideNavigationDrawer/header/background/colors',
  'sideNavigationDrawer/header/font/color',
  'sideNavigationDrawer/item/selected/background',
  'sideNavigationDrawer/item/selected/font/color',
  'sideNavigationDrawer/ripple/color',
  'sideNavIcon/color',
  'bottomNavBar/selected/color',
  'bottomNavBar/selectedColor',
  'homeCategories/itemHighlight',
  'measurementItem/priceFontColor',
  'measurementItem/price/color',
  'quantitySelection/increment/background',
  'quantitySelection/increment/border/color',
  'quantitySelection/increment/font/color',
  'sizesSelection/selected/background',
  'sizesSelection/selected/border/color',
  'sizesSelection/selected/font/color',
  'productDetailsCTA/primary/background',
  'productDetailsCTA/primary/border/color',
  'productDetailsCTA/primary/font/color',
  'productDetailsCTA/secondary/font/color',
  'productDetailsCTA/secondary/border/color',
  'searchBar/button/background',
  'searchBar/button/border/color',
  'searchBar/button/font/color',
  'admin/primary',
  'admin/accent',
] as const;
export type DerivedPath = (typeof DERIVED_PATHS)[number];

/** Each derived field (a `/` path of the Creation) and the palette colour it takes. */
const DERIVED_COLOURS: Record<DerivedPath, Rule> = {
  'colors/chatSenderBalloon': primary,
  'toolBar/gradient/colors': primaryGradient,
  // The login screen's Sign In, the checkout's Place Order, the support page's buttons.
  'buttons/gradient/colors': primaryGradient,
  'buttons/font/fontColor': onPrimary,
  'splashScreen/background/gradient/colors': { follows: BOTH, colour: (p) => [p.primary, p.accent] },
  'splashScreen/background/color': primary,
  'sideNavigationDrawer/header/background/colors': primaryGradient,
  'sideNavigationDrawer/header/font/color': onPrimary,
  'sideNavigationDrawer/item/selected/background': { follows: PRIMARY, colour: (p) => p.primaryLight },
  // The dark shade, toned until it reads on the selected item's background.
  'sideNavigationDrawer/item/selected/font/color': {
    follows: PRIMARY,
    colour: (p, d) =>
      readableAgainst(
        p.primaryDark,
        d.handSetColours.includes('sideNavigationDrawer/item/selected/background') ? d.sideNavigationDrawer.item.selected.background : p.primaryLight,
      ),
  },
  'sideNavigationDrawer/ripple/color': primary,
  'sideNavIcon/color': onPrimary,
  'bottomNavBar/selected/color': primaryOn((d) => d.bottomNavBar.background),
  'bottomNavBar/selectedColor': primaryOn((d) => d.bottomNavBar.background),
  // The first (selected) category chip of the home page: the light shade, toned until its text reads on it.
  'homeCategories/itemHighlight': { follows: PRIMARY, colour: (p, d) => readableAgainst(p.primaryLight, d.homeCategories.font.color) },
  'measurementItem/priceFontColor': primaryOn((d) => d.measurementItem.gradient.colors[0]),
  'measurementItem/price/color': primaryOn((d) => d.measurementItem.gradient.colors[0]),
  'quantitySelection/increment/background': primary,
  'quantitySelection/increment/border/color': primary,
  'quantitySelection/increment/font/color': onPrimary,
  'sizesSelection/selected/background': primary,
  'sizesSelection/selected/border/color': primary,
  'sizesSelection/selected/font/color': onPrimary,
  'productDetailsCTA/primary/background': primary,
  'productDetailsCTA/primary/border/color': primary,
  'productDetailsCTA/primary/font/color': onPrimary,
  'productDetailsCTA/secondary/font/color': primaryOn((d) => d.productDetailsCTA.secondary.background),
  'productDetailsCTA/secondary/border/color': primaryOn((d) => d.productDetailsCTA.secondary.background),
  'searchBar/button/background': primary,
  'searchBar/button/border/color': primary,
  'searchBar/button/font/color': onPrimary,
  'admin/primary': primary,
  'admin/accent': { follows: ['accent'], colour: (p) => p.accent },
};

export function isDerivedPath(path: string): path is DerivedPath {
  return Object.hasOwn(DERIVED_COLOURS, path);
}

export function paletteOf(colors: Creation['colors']): Palette {
  const { primaryDark, primaryLight, toolBarForeground, accentDark, accentLight } = colors;
  return { primary: colors.primary, primaryDark, primaryLight, onPrimary: toolBarForeground, accent: colors.accent, accentDark, accentLight };
}

/** The colour `path` takes from `palette` in `design`. */
export function derivedColour(path: DerivedPath, palette: Palette, design: Creation): Colour {
  return DERIVED_COLOURS[path].colour(palette, design);
}

type Patch = Record<string, unknown>;

/**
 * Setting the primary or accent colour: the spec's shades (and toolbar text), and every derived
 * field that follows that colour and was not set by hand. Empty for a value that is no colour.
 */
export function brandColourPatch(design: Creation, brand: Brand, value: string): Patch {
  const colour = normaliseColour(value);
  if (!colour) return {};
  const palette = paletteOf(design.colors);
  let shades: Patch;
  if (brand === 'primary') {
    const derived = derivePrimary(colour);
    Object.assign(palette, {
      primary: derived.primary,
      primaryDark: derived.primaryDark,
      primaryLight: derived.primaryLight,
      onPrimary: derived.toolBarForeground,
    });
    shades = {
      'colors/primary': derived.primary,
      'colors/primaryDark': derived.primaryDark,
      'colors/primaryLight': derived.primaryLight,
      'colors/toolBarForeground': derived.toolBarForeground,
    };
  } else {
    const derived = deriveAccent(colour);
    Object.assign(palette, derived);
    shades = { 'colors/accent': derived.accent, 'colors/accentDark': derived.accentDark, 'colors/accentLight': derived.accentLight };
  }
  const handSet = new Set<string>(design.handSetColours);
  const followers = DERIVED_PATHS.filter((path) => !handSet.has(path) && DERIVED_COLOURS[path].follows.includes(brand));
  return { ...shades, ...Object.fromEntries(followers.map((path) => [path, derivedColour(path, palette, design)])) };
}

const sameColour = (a: unknown, b: Colour): boolean =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((item, index) => sameColour(item, b[index] as string))
    : typeof a === 'string' && typeof b === 'string' && normaliseColour(a) === normaliseColour(b);

/**
 * The record of a hand edit of `path` to `value`: a derived field joins `handSetColours`, or
 * leaves it when set to the colour its rule gives. Empty when nothing changes (any other path).
 */
export function handSetPatch(design: Creation, path: string, value: unknown): Patch {
  if (!isDerivedPath(path)) return {};
  const follows = sameColour(value, derivedColour(path, paletteOf(design.colors), design));
  const listed = design.handSetColours.includes(path);
  if (follows === !listed) return {};
  return { handSetColours: follows ? design.handSetColours.filter((known) => known !== path) : [...design.handSetColours, path] };
}
