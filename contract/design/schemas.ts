/**
 * The Creation: the design of one shop app (spec section 3, "Creation (app design config)"),
 * every field with its default, as one zod schema the portal and the server both validate.
 * Colours are stored in the web form `#RRGGBBAA`; `#RGB`, `#RRGGBB` and the mobile form
 * `0xAARRGGBB` are accepted in and normalised (contract/colour.ts).
 *
 * `version` numbers the shape itself, so a later shape can migrate an older document;
 * `configVersion` numbers the saves of one design.
 */
import { deriveAccent, deriveBackground, derivePrimary, normaliseColour, readableAgainst } from '../colour';
import { text as contractText } from '../text';
import { DERIVED_PATHS } from './derived';
import { z } from '../zod';

export const CREATION_VERSION = 1;

export const TEMPLATES = ['template_a', 'template_b', 'template_c'] as const;
export type AppTemplateTheme = (typeof TEMPLATES)[number];
export const SPLASH_THEMES = ['theme_a', 'theme_b', 'theme_c', 'theme_d', 'theme_e', 'theme_f', 'theme_g', 'theme_h'] as const;
export const THEMES_ABC = ['theme_a', 'theme_b', 'theme_c'] as const;
export const THEMES_AB = ['theme_a', 'theme_b'] as const;
export const SEARCH_THEMES = ['theme_a', 'theme_b', 'theme_c', 'theme_d'] as const;
export const HOME_CATEGORY_THEMES = ['theme_a', 'theme_b', 'theme_c', 'theme_d', 'theme_e', 'theme_f'] as const;
export const GRADIENT_DIRECTIONS = ['left-to-right', 'top-to-bottom', 'top-to-bottom-diagonal', 'bottom-to-top-diagonal'] as const;
export type GradientDirection = (typeof GRADIENT_DIRECTIONS)[number];
export const BORDER_TYPES = ['outlined', 'none'] as const;
export const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export const SEARCH_POSITIONS = ['below-slide-show', 'in-toolbar'] as const;
export const PANE_POSITIONS = ['top', 'center', 'bottom'] as const;
export const BACKGROUND_TYPES = ['image', 'gradient', 'color'] as const;
export const FONT_FAMILIES = ['Roboto', 'Great Vibes', 'Georgia', 'Arial', 'Courier New', 'Trebuchet MS', 'Verdana'] as const;

export const DEFAULT_BODY_FONT = 'Roboto';
export const DEFAULT_SPLASH_FONT = 'Great Vibes';
export const DEFAULT_CURRENCY_SYMBOL = '$';
export const DEFAULT_TEXT_SIZE = 14;

const PRIMARY = derivePrimary('#4F46E5');
const ACCENT = deriveAccent('#F59E0B');
const BACKGROUND = deriveBackground('#F6F7FB');

// ------------------------------------------------------------------ style value types

/** A colour in any accepted form, stored as `#RRGGBBAA`. */
export function colour(fallback: string) {
  return z
    .string()
    .max(32)
    .refine((value) => normaliseColour(value) !== undefined, { message: 'Enter a colour as #RRGGBBAA, #RRGGBB, #RGB or 0xAARRGGBB' })
    .transform((value) => normaliseColour(value) as string)
    .default(fallback);
}

const int = (min: number, max: number, fallback: number) => z.number().int().min(min).max(max).default(fallback);
const num = (min: number, max: number, fallback: number) => z.number().min(min).max(max).default(fallback);
const bool = (fallback: boolean) => z.boolean().default(fallback);
const text = (max: number, fallback: string, label = 'This text') => contractText({ label, max }).default(fallback);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => z.enum(values).default(fallback);

/** An object whose missing fields take their defaults (and which is itself optional). */
function group<S extends z.ZodRawShape>(shape: S) {
  // Every field of a group has a default, so an empty object is a complete input.
  return z.object(shape).prefault({} as never);
}

export const sizeSchema = (width = 35, height = 20) => group({ width: num(0, 2000, width), height: num(0, 2000, height) });
export const cornerRadiusSchema = (radius = 0) =>
  group({ topLeft: num(0, 200, radius), topRight: num(0, 200, radius), bottomLeft: num(0, 200, radius), bottomRight: num(0, 200, radius) });
export const borderSchema = (options: { color?: string; width?: number; radius?: number; type?: (typeof BORDER_TYPES)[number] } = {}) =>
  group({
    type: oneOf(BORDER_TYPES, options.type ?? 'outlined'),
    width: num(0, 20, options.width ?? 1),
    color: colour(options.color ?? '#E2E4EEFF'),
    radius: cornerRadiusSchema(options.radius ?? 0),
  });
export const gradientSchema = (from: string, to: string, direction: GradientDirection = 'left-to-right', spread = 1) =>
  group({
    colors: z.tuple([colour(from), colour(to)]).prefault([from, to]),
    spread: num(0, 1, spread),
    direction: oneOf(GRADIENT_DIRECTIONS, direction),
  });
export const textStyleSchema = (options: { size?: number; color?: string; fontFamily?: string } = {}) =>
  group({
    size: num(6, 72, options.size ?? DEFAULT_TEXT_SIZE),
    color: colour(options.color ?? BACKGROUND.bodyColor),
    fontFamily: text(60, options.fontFamily ?? DEFAULT_BODY_FONT),
  });
export const opacitySchema = (fallback = 1) => num(0, 1, fallback);
export const imageSchema = group({ fullUrl: text(2000, ''), value: text(500, '') });
export const textAlignSchema = (fallback: (typeof TEXT_ALIGNMENTS)[number] = 'left') => oneOf(TEXT_ALIGNMENTS, fallback);
/** A styled box: background, border and font (quantity and size selectors, CTA buttons). */
const boxStyle = (background: string, fontColor: string, borderColor = background, radius = 8) =>
  group({ background: colour(background), border: borderSchema({ color: borderColor, radius }), font: textStyleSchema({ color: fontColor }) });

const ids = z.array(z.number().int().min(1)).max(100).default([]);

// ------------------------------------------------------------------ the Creation

export const creationSchema = z.object({
  version: z.number().int().min(1).max(CREATION_VERSION).default(CREATION_VERSION),
  shop: group({
    alias: text(80, '', 'Shop alias'),
    name: text(80, 'Bloom & Co', 'Shop name'),
    logo: text(2000, ''),
    slogan: text(120, 'Everything you love, delivered'),
    configVersion: int(0, 1_000_000, 0),
    currencySymbol: text(5, DEFAULT_CURRENCY_SYMBOL),
  }),
  configVersion: int(0, 1_000_000, 0),
  categoriesOfInterest: ids,
  superCategoriesOfInterest: ids,
  slideShows: ids,
  appTemplate: group({
    theme: oneOf(TEMPLATES, 'template_a'),
    description: text(200, 'Measurement based homepage'),
    hasSideNavBar: bool(true),
    hasBottomNavBar: bool(false),
  }),
  colors: group({
    primary: colour(PRIMARY.primary),
    primaryLight: colour(PRIMARY.primaryLight),
    primaryDark: colour(PRIMARY.primaryDark),
    accent: colour(ACCENT.accent),
    accentDark: colour(ACCENT.accentDark),
    accentLight: colour(ACCENT.accentLight),
    chatSenderBalloon: colour(PRIMARY.primary),
    toolBarForeground: colour(PRIMARY.toolBarForeground),
    bodyColor: colour(BACKGROUND.bodyColor),
    backgroundColor: colour(BACKGROUND.backgroundColor),
    buttonForeground: colour('#FFFFFFFF'),
  }),
  bodyConfig: group({ fontFamily: text(60, DEFAULT_BODY_FONT), textAlign: textAlignSchema('left') }),
  toolBar: group({ gradient: gradientSchema(PRIMARY.primary, PRIMARY.primaryDark, 'left-to-right'), elevation: int(0, 24, 2) }),
  buttons: group({
    gradient: gradientSchema(PRIMARY.primary, PRIMARY.primaryDark, 'left-to-right'),
    elevation: int(0, 24, 2),
    font: group({ fontColor: colour('#FFFFFFFF'), size: num(6, 72, DEFAULT_TEXT_SIZE), fontFamily: text(60, DEFAULT_BODY_FONT) }),
    border: group({ radius: cornerRadiusSchema(10) }),
  }),
  splashScreen: group({
    theme: oneOf(SPLASH_THEMES, 'theme_a'),
    paneColor: colour('#FFFFFFFF'),
    paneOpacity: opacitySchema(0.18),
    paneSpread: num(0, 1, 0.6),
    panePosition: oneOf(PANE_POSITIONS, 'center'),
    ripplesCount: int(0, 12, 4),
    isShowLogo: bool(true),
    isShowLabel: bool(true),
    isShowSlogan: bool(true),
    text: group({ appName: text(40, 'Bloom & Co', 'App name'), appSlogan: text(80, 'Everything you love, delivered') }),
    font: textStyleSchema({ size: 40, color: '#FFFFFFFF', fontFamily: DEFAULT_SPLASH_FONT }),
    logo: group({ size: sizeSchema(96, 96), borderRadius: num(0, 200, 24) }),
    background: group({
      type: oneOf(BACKGROUND_TYPES, 'gradient'),
      image: imageSchema,
      gradient: gradientSchema(PRIMARY.primary, ACCENT.accent, 'top-to-bottom-diagonal'),
      color: colour(PRIMARY.primary),
    }),
  }),
  loginScreen: group({
    allowGoogleAuth: bool(true),
    allowFacebookAuth: bool(true),
    allowCustomAuth: bool(true),
    isShowLabel: bool(true),
    isShowLogo: bool(true),
    isFullScreen: bool(true),
    borderRadius: num(0, 60, 16),
  }),
  loginModal: group({
    allowGoogleAuth: bool(true),
    allowFacebookAuth: bool(true),
    allowCustomAuth: bool(true),
    isShowLabel: bool(true),
    isShowLogo: bool(true),
    isFullScreen: bool(false),
    borderRadius: num(0, 60, 20),
  }),
  sideNavigationDrawer: group({
    theme: oneOf(THEMES_ABC, 'theme_a'),
    header: group({
      background: gradientSchema(PRIMARY.primary, PRIMARY.primaryDark, 'top-to-bottom-diagonal'),
      font: textStyleSchema({ size: 18, color: '#FFFFFFFF' }),
    }),
    divider: group({ isShow: bool(true), color: colour('#E2E4EEFF') }),
    item: group({
      // The dark shade toned until it reads on the light one (derived.ts).
      selected: group({
        background: colour(PRIMARY.primaryLight),
        font: textStyleSchema({ color: readableAgainst(PRIMARY.primaryDark, PRIMARY.primaryLight) }),
      }),
      unselected: group({ background: colour('#00000000'), font: textStyleSchema({ color: BACKGROUND.bodyColor }) }),
    }),
    background: gradientSchema('#FFFFFFFF', '#F6F7FBFF', 'top-to-bottom'),
    ripple: group({
      count: int(0, 12, 3),
      spacing: num(0, 100, 24),
      opacity: opacitySchema(0.08),
      color: colour(PRIMARY.primary),
      position: oneOf(PANE_POSITIONS, 'bottom'),
    }),
  }),
  sideNavIcon: group({ color: colour(PRIMARY.toolBarForeground), size: num(12, 48, 24) }),
  bottomNavBar: group({
    theme: oneOf(THEMES_ABC, 'theme_a'),
    background: colour('#FFFFFFFF'),
    selected: textStyleSchema({ size: 12, color: PRIMARY.primary }),
    unselected: textStyleSchema({ size: 12, color: '#6B7085FF' }),
    showUnselectedLabels: bool(true),
    selectedColor: colour(PRIMARY.primary),
    unSelectedColor: colour('#6B7085FF'),
    bevel: num(0, 40, 16),
    isShow: bool(false),
  }),
  homeCategories: group({
    theme: oneOf(HOME_CATEGORY_THEMES, 'theme_a'),
    isShow: bool(true),
    backgroundColor: colour('#FFFFFFFF'),
    itemHighlight: colour(PRIMARY.primaryLight),
    border: borderSchema({ radius: 14 }),
    spacing: num(0, 40, 10),
    font: textStyleSchema({ size: 12 }),
  }),
  categories: group({
    theme: oneOf(THEMES_ABC, 'theme_a'),
    overlayColor: colour('#0000008C'),
    spacing: num(0, 40, 10),
    item: group({ borderRadius: num(0, 60, 14), color: colour('#FFFFFFFF'), fontColor: colour('#FFFFFFFF') }),
  }),
  measurementItem: group({
    borderRadius: cornerRadiusSchema(14),
    isAlternateCorners: bool(false),
    gradient: gradientSchema('#FFFFFFFF', '#FFFFFFFF', 'top-to-bottom'),
    boxShadowSpread: num(0, 40, 6),
    boxShadowColor: colour('#1A1D2E1F'),
    itemSpacing: num(0, 40, 10),
    mainFontColor: colour(BACKGROUND.bodyColor),
    secondaryFontColor: colour('#6B7085FF'),
    priceFontColor: colour(PRIMARY.primary),
    title: textStyleSchema({ size: 14, color: BACKGROUND.bodyColor }),
    price: textStyleSchema({ size: 15, color: PRIMARY.primary }),
    description: textStyleSchema({ size: 12, color: '#6B7085FF' }),
    textAlign: textAlignSchema('left'),
    opacity: opacitySchema(1),
  }),
  quantitySelection: group({
    wrapper: boxStyle('#FFFFFFFF', BACKGROUND.bodyColor, '#E2E4EEFF', 10),
    decrement: boxStyle('#F1F2F8FF', BACKGROUND.bodyColor, '#F1F2F8FF', 8),
    value: boxStyle('#FFFFFFFF', BACKGROUND.bodyColor, '#FFFFFF00', 0),
    increment: boxStyle(PRIMARY.primary, '#FFFFFFFF', PRIMARY.primary, 8),
  }),
  sizesSelection: group({
    theme: oneOf(THEMES_AB, 'theme_b'),
    selected: boxStyle(PRIMARY.primary, '#FFFFFFFF', PRIMARY.primary, 18),
    unselected: boxStyle('#FFFFFFFF', BACKGROUND.bodyColor, '#D5D8E3FF', 18),
  }),
  productDetailsCTA: group({
    theme: oneOf(THEMES_ABC, 'theme_a'),
    background: colour('#FFFFFFFF'),
    borderRadius: num(0, 60, 12),
    primary: boxStyle(PRIMARY.primary, '#FFFFFFFF'),
    secondary: boxStyle('#FFFFFFFF', PRIMARY.primary, PRIMARY.primary),
  }),
  productDetailsBody: group({ theme: oneOf(THEMES_ABC, 'theme_a') }),
  searchBar: group({
    theme: oneOf(SEARCH_THEMES, 'theme_a'),
    position: oneOf(SEARCH_POSITIONS, 'below-slide-show'),
    button: boxStyle(PRIMARY.primary, '#FFFFFFFF'),
    inputDecoration: group({ background: colour('#FFFFFFFF'), border: borderSchema({ radius: 12 }), font: textStyleSchema({ color: '#6B7085FF' }) }),
  }),
  admin: group({ primary: colour(PRIMARY.primary), accent: colour(ACCENT.accent), theme: oneOf(THEMES_ABC, 'theme_a') }),
  backgroundImages: z
    .array(text(120, ''))
    .max(100)
    .default([])
    .transform((names) => [...new Set(names)]),
  /** Derived colour fields the merchant set by hand (derived.ts): a brand colour change leaves them alone. */
  handSetColours: z
    .array(z.enum(DERIVED_PATHS))
    .max(100)
    .default([])
    .transform((paths) => [...new Set(paths)]),
});

/** What a Creation document may look like on the way in (every field optional). */
export type CreationInput = z.input<typeof creationSchema>;
/** A complete Creation, every default filled in. */
export type Creation = z.output<typeof creationSchema>;

/** The default design: every field at its default. */
export function defaultCreation(): Creation {
  return creationSchema.parse({});
}
