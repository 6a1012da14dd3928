/**
 * Artifact 2 of a build (issue 31): an Expo (React Native) project of the shop app with the
 * Creation baked in, that a developer runs with `npx expo start` or EAS Build turns into store
 * binaries. Pure and deterministic: the same input makes the same bytes.
 *
 * The design reaches the screens through three written files (src/theme.ts, src/shop.ts,
 * src/catalogue.ts); the screens themselves are fixed text (native-project-sources.ts).
 */
import { parseColour, toMobile, toWeb } from '@contract/colour';
import type { Creation } from '@contract/design/schemas';
import { NATIVE_STATIC_SOURCES } from './native-project-sources';
import type { SampleCatalogue } from './sample-catalogue-for-app';
import type { ArtifactFiles, BuildInput, IconSet } from './types';

// ------------------------------------------------------------------ versions

/**
 * Exact versions, one coherent set: Expo SDK 58 (expo 58.0.26) with the react, react-native and
 * expo-* versions its bundledNativeModules.json names (what `npx expo install` would pick).
 */
const NATIVE_VERSIONS = {
  expo: '58.0.26',
  react: '19.3.0',
  'react-native': '0.88.1',
  'expo-font': '58.0.12',
  'expo-splash-screen': '58.0.14',
  'expo-status-bar': '58.0.5',
  'expo-linear-gradient': '58.0.4',
  'react-native-safe-area-context': '5.11.1',
  '@expo/vector-icons': '15.1.1',
  '@expo-google-fonts/roboto': '0.4.3',
  '@expo-google-fonts/great-vibes': '0.4.1',
} as const;
const DEV_VERSIONS = { '@types/react': '19.3.3', typescript: '6.0.3' } as const;
/** The oldest eas-cli the project's eas.json accepts. */
const EAS_CLI_VERSION = '>= 16.0.0';

// ------------------------------------------------------------------ identifiers

const ID_PREFIX = 'studio.shopapp';
/** Java keywords and literals: not allowed as a segment of an Android package name. */
const JAVA_RESERVED = new Set(
  (
    'abstract assert boolean break byte case catch char class const continue default do double else enum extends false final finally float for goto if ' +
    'implements import instanceof int interface long native new null package private protected public return short static strictfp super switch ' +
    'synchronized this throw throws transient true try void volatile while'
  ).split(' '),
);

/** Lower-case ASCII words of an alias (accents dropped, anything else a separator). */
function words(alias: string): string[] {
  return alias
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * The last segment of the app's identifiers: the alias's words joined by `_`, starting with a
 * letter. For a valid alias (lower-case letters, digits, single inner hyphens) it is one-to-one:
 * an alias starting with a digit gets `s__` in front and a Java keyword gets a trailing `_`,
 * shapes no other alias can produce.
 */
function segmentOf(alias: string): string {
  const joined = words(alias).join('_').slice(0, 60) || 'shop';
  if (/^[0-9]/.test(joined)) return `s__${joined}`;
  return JAVA_RESERVED.has(joined) ? `${joined}_` : joined;
}

/** The Android application id, e.g. `studio.shopapp.bloom_co` (segments of [a-z0-9_], each starting with a letter). */
export function androidPackageOf(alias: string): string {
  return `${ID_PREFIX}.${segmentOf(alias)}`;
}

/** The iOS bundle identifier, e.g. `studio.shopapp.bloom-co`: the Android id with `-` for `_` (Apple allows letters, digits, `-` and `.` only). */
export function iosBundleIdOf(alias: string): string {
  return androidPackageOf(alias).replace(/_/g, '-');
}

/** The Expo slug and package name: the alias's words joined by `-`. */
function slugOf(alias: string): string {
  return words(alias).join('-').slice(0, 60) || 'shop-app';
}

// ------------------------------------------------------------------ colours

/**
 * A Creation colour (`#RRGGBBAA`; the original app wrote the same four bytes as `0xAARRGGBB`)
 * as a React Native colour string: `#RRGGBB` when opaque, `rgba(r, g, b, a)` otherwise.
 */
function nativeColour(web: string): string {
  const c = parseColour(web) ?? { r: 0, g: 0, b: 0, a: 0 };
  if (c.a === 255) return toWeb(c).slice(0, 7);
  return `rgba(${c.r}, ${c.g}, ${c.b}, ${+(c.a / 255).toFixed(3)})`;
}

/** app.json colours are opaque `#RRGGBB` (the alpha byte dropped). */
const opaque = (web: string) => toWeb(parseColour(web) ?? { r: 0, g: 0, b: 0, a: 255 }).slice(0, 7);

/** A colour in the written theme: printed with its design forms in a comment. */
class Colour {
  constructor(readonly web: string) {}
}
const col = (web: string) => new Colour(toWeb(parseColour(web) ?? { r: 0, g: 0, b: 0, a: 0 }));

/** The same colour at an opacity of 0-1 multiplied into its own alpha. */
function faded(web: string, opacity: number): Colour {
  const c = parseColour(web) ?? { r: 0, g: 0, b: 0, a: 0 };
  return col(toWeb({ ...c, a: c.a * Math.min(1, Math.max(0, opacity)) }));
}

type Literal = string | number | boolean | Colour | readonly Literal[] | { readonly [key: string]: Literal };

/** A TypeScript literal, colours with `// 0xAARRGGBB (#RRGGBBAA)` comments. */
function literal(value: Literal, indent = ''): string {
  const inner = `${indent}  `;
  const entry = (text: string, item: Literal) =>
    item instanceof Colour ? `${inner}${text}, // ${toMobile(parseColour(item.web) ?? { r: 0, g: 0, b: 0, a: 0 })} (${item.web})` : `${inner}${text},`;
  if (value instanceof Colour) return `'${nativeColour(value.web)}'`;
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items = value as readonly Literal[];
    if (items.every((item) => typeof item !== 'object')) return `[${items.map((item) => literal(item)).join(', ')}]`;
    return `[\n${items.map((item) => entry(literal(item, inner), item)).join('\n')}\n${indent}]`;
  }
  const record = value as { readonly [key: string]: Literal };
  const lines = Object.entries(record).map(([key, item]) =>
    entry(`${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${literal(item, inner)}`, item),
  );
  return `{\n${lines.join('\n')}\n${indent}}`;
}

// ------------------------------------------------------------------ the theme

type Gradient = Creation['toolBar']['gradient'];
type TextStyle = Creation['measurementItem']['title'];
type BoxStyle = Creation['quantitySelection']['wrapper'];
type Border = Creation['homeCategories']['border'];

const gradient = (g: Gradient) => ({ colors: [col(g.colors[0]), col(g.colors[1])], spread: g.spread, direction: g.direction });
const font = (f: TextStyle) => ({ size: f.size, color: col(f.color), fontFamily: f.fontFamily });
const border = (b: Border) => ({ type: b.type, width: b.width, color: col(b.color), radius: { ...b.radius } });
const box = (b: BoxStyle) => ({ background: col(b.background), border: border(b.border), font: font(b.font) });

/** Colours the design does not set (the preview's fixed ones). */
const FIXED = {
  surface: '#FFFFFFFF',
  onSurface: '#1F2233FF',
  muted: '#6B7085FF',
  divider: '#E2E4EEFF',
  star: '#F5A623FF',
  scrim: '#0F121E80',
  success: '#2E7D32FF',
  danger: '#E53935FF',
  status: { created: '#5B6B8CFF', processing: '#B26A00FF', inTransit: '#1565C0FF', arrived: '#6A1B9AFF', delivered: '#2E7D32FF' },
};

const absolute = (origin: string, url: string) => {
  if (url === '') return '';
  try {
    return new URL(url, origin.endsWith('/') ? origin : `${origin}/`).href;
  } catch {
    return '';
  }
};

/** The splash colour: the colour, the gradient's first colour, or (a picture) the colour behind it. */
function splashColourOf(creation: Creation): string {
  const bg = creation.splashScreen.background;
  return bg.type === 'gradient' ? bg.gradient.colors[0] : bg.color;
}

function themeOf(input: BuildInput): Literal {
  const c = input.creation;
  const s = c.splashScreen;
  const d = c.sideNavigationDrawer;
  const b = c.bottomNavBar;
  const h = c.homeCategories;
  const m = c.measurementItem;
  const colours = c.colors;
  return {
    template: c.appTemplate.theme,
    hasSideNavBar: c.appTemplate.hasSideNavBar,
    colors: {
      primary: col(colours.primary),
      primaryLight: col(colours.primaryLight),
      primaryDark: col(colours.primaryDark),
      accent: col(colours.accent),
      accentDark: col(colours.accentDark),
      accentLight: col(colours.accentLight),
      toolBarForeground: col(colours.toolBarForeground),
      bodyColor: col(colours.bodyColor),
      backgroundColor: col(colours.backgroundColor),
      buttonForeground: col(colours.buttonForeground),
    },
    fixed: {
      ...Object.fromEntries(Object.entries(FIXED).flatMap(([key, value]) => (typeof value === 'string' ? [[key, col(value)]] : []))),
      status: Object.fromEntries(Object.entries(FIXED.status).map(([key, value]) => [key, col(value)])),
    },
    body: { fontFamily: c.bodyConfig.fontFamily, textAlign: c.bodyConfig.textAlign },
    toolBar: { gradient: gradient(c.toolBar.gradient), elevation: c.toolBar.elevation },
    buttons: {
      gradient: gradient(c.buttons.gradient),
      elevation: c.buttons.elevation,
      font: { size: c.buttons.font.size, color: col(c.buttons.font.fontColor), fontFamily: c.buttons.font.fontFamily },
      radius: { ...c.buttons.border.radius },
    },
    splash: {
      background: {
        type: s.background.type,
        color: col(splashColourOf(c)),
        gradient: gradient(s.background.gradient),
        image: absolute(input.origin, s.background.image.fullUrl),
      },
      pane: { color: faded(s.paneColor, s.paneOpacity), spread: s.paneSpread, position: s.panePosition },
      showLogo: s.isShowLogo,
      showLabel: s.isShowLabel,
      showSlogan: s.isShowSlogan,
      appName: s.text.appName || input.shop.name,
      appSlogan: s.text.appSlogan || input.shop.slogan,
      font: font(s.font),
      logo: { width: s.logo.size.width, height: s.logo.size.height, borderRadius: s.logo.borderRadius },
    },
    sideNav: {
      iconColor: col(c.sideNavIcon.color),
      iconSize: c.sideNavIcon.size,
      header: { gradient: gradient(d.header.background), font: font(d.header.font) },
      divider: { isShow: d.divider.isShow, color: col(d.divider.color) },
      selected: { background: col(d.item.selected.background), font: font(d.item.selected.font) },
      unselected: { background: col(d.item.unselected.background), font: font(d.item.unselected.font) },
      background: gradient(d.background),
    },
    bottomNav: {
      isShow: b.isShow,
      theme: b.theme,
      background: col(b.background),
      selected: font(b.selected),
      unselected: font(b.unselected),
      selectedColor: col(b.selectedColor),
      unSelectedColor: col(b.unSelectedColor),
      showUnselectedLabels: b.showUnselectedLabels,
      bevel: b.bevel,
    },
    homeCategories: {
      isShow: h.isShow,
      theme: h.theme,
      backgroundColor: col(h.backgroundColor),
      itemHighlight: col(h.itemHighlight),
      border: border(h.border),
      spacing: h.spacing,
      font: font(h.font),
    },
    categories: {
      theme: c.categories.theme,
      overlayColor: col(c.categories.overlayColor),
      spacing: c.categories.spacing,
      item: { borderRadius: c.categories.item.borderRadius, color: col(c.categories.item.color), fontColor: col(c.categories.item.fontColor) },
    },
    measurementItem: {
      borderRadius: { ...m.borderRadius },
      isAlternateCorners: m.isAlternateCorners,
      gradient: gradient(m.gradient),
      shadowSpread: m.boxShadowSpread,
      shadowColor: col(m.boxShadowColor),
      itemSpacing: m.itemSpacing,
      mainFontColor: col(m.mainFontColor),
      secondaryFontColor: col(m.secondaryFontColor),
      priceFontColor: col(m.priceFontColor),
      title: font(m.title),
      price: font(m.price),
      description: font(m.description),
      textAlign: m.textAlign,
      opacity: m.opacity,
    },
    quantitySelection: {
      wrapper: box(c.quantitySelection.wrapper),
      decrement: box(c.quantitySelection.decrement),
      value: box(c.quantitySelection.value),
      increment: box(c.quantitySelection.increment),
    },
    sizesSelection: { theme: c.sizesSelection.theme, selected: box(c.sizesSelection.selected), unselected: box(c.sizesSelection.unselected) },
    productDetailsCTA: {
      theme: c.productDetailsCTA.theme,
      background: col(c.productDetailsCTA.background),
      borderRadius: c.productDetailsCTA.borderRadius,
      primary: box(c.productDetailsCTA.primary),
      secondary: box(c.productDetailsCTA.secondary),
    },
    productDetailsBody: { theme: c.productDetailsBody.theme },
    searchBar: {
      theme: c.searchBar.theme,
      position: c.searchBar.position,
      button: box(c.searchBar.button),
      input: {
        background: col(c.searchBar.inputDecoration.background),
        border: border(c.searchBar.inputDecoration.border),
        font: font(c.searchBar.inputDecoration.font),
      },
    },
  };
}

// ------------------------------------------------------------------ the files

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function themeFile(input: BuildInput): string {
  return `/**
 * The shop's design (its Creation, version ${input.creationVersion}), written by the portal: every colour the screens use.
 *
 * Colours: the design stores each colour as #RRGGBBAA (the original app wrote the same four bytes
 * as 0xAARRGGBB, alpha first). React Native reads CSS colour strings, so each is written as
 * #RRGGBB when opaque (alpha FF) and as rgba(r, g, b, alpha / 255) otherwise; the comment after it
 * gives the design's 0xAARRGGBB and #RRGGBBAA forms. To restyle the app, order a new build from
 * the portal, or edit the values here.
 */
import type { Theme } from './types';

export const theme: Theme = ${literal(themeOf(input))};
`;
}

function shopFile(input: BuildInput): string {
  const shop = { name: input.shop.name, slogan: input.shop.slogan, currencySymbol: input.shop.currencySymbol, origin: input.origin };
  return `/** The shop, written by the portal (build ${input.buildNumber}). */
import type { Shop } from './types';

export const shop: Shop = ${JSON.stringify(shop, null, 2)};
`;
}

function catalogueFile(catalogue: SampleCatalogue): string {
  return `/**
 * SAMPLE data, written by the portal: the sample catalogue of the shop's trades (the same the
 * portal's phone preview shows), pictures served by the portal. Replace it with the shop's own
 * catalogue (an API call) before publishing.
 */
import type { Catalogue } from './types';

export const catalogue: Catalogue = ${JSON.stringify(catalogue, null, 2)};
`;
}

function appJson(input: BuildInput): unknown {
  const c = input.creation;
  const splashColour = opaque(splashColourOf(c));
  const themeColour = opaque(c.colors.primary);
  return {
    expo: {
      name: input.shop.name,
      slug: slugOf(input.shop.alias),
      version: '1.0.0',
      orientation: 'portrait',
      icon: './assets/icon.png',
      userInterfaceStyle: 'light',
      primaryColor: themeColour,
      splash: { image: './assets/splash.png', resizeMode: 'contain', backgroundColor: splashColour },
      ios: { supportsTablet: false, bundleIdentifier: iosBundleIdOf(input.shop.alias), buildNumber: String(input.buildNumber) },
      android: {
        package: androidPackageOf(input.shop.alias),
        versionCode: input.buildNumber,
        adaptiveIcon: { foregroundImage: './assets/adaptive-icon.png', backgroundColor: themeColour },
      },
      plugins: [['expo-splash-screen', { image: './assets/adaptive-icon.png', imageWidth: 200, resizeMode: 'contain', backgroundColor: splashColour }]],
      extra: { creationVersion: input.creationVersion, engineRelease: input.release.version, buildNumber: input.buildNumber },
    },
  };
}

const EAS_JSON = {
  cli: { version: EAS_CLI_VERSION, appVersionSource: 'local' },
  build: {
    development: { developmentClient: true, distribution: 'internal' },
    preview: { distribution: 'internal', android: { buildType: 'apk' } },
    production: { autoIncrement: true, android: { buildType: 'app-bundle' } },
  },
  submit: { production: {} },
};

function packageJson(input: BuildInput): unknown {
  const sorted = <T extends Record<string, string>>(versions: T) => Object.fromEntries(Object.entries(versions).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    name: slugOf(input.shop.alias),
    version: '1.0.0',
    private: true,
    main: 'index.ts',
    scripts: { start: 'expo start', android: 'expo start --android', ios: 'expo start --ios', typecheck: 'tsc --noEmit' },
    dependencies: sorted(NATIVE_VERSIONS),
    devDependencies: sorted(DEV_VERSIONS),
  };
}

const BABEL_CONFIG = `module.exports = function (api) {
  api.cache(true);
  return { presets: ['babel-preset-expo'] };
};
`;

const TSCONFIG = { extends: 'expo/tsconfig.base', compilerOptions: { strict: true } };

const GITIGNORE = `node_modules/
.expo/
dist/
web-build/
expo-env.d.ts
*.tsbuildinfo
npm-debug.*
.DS_Store

# native folders made by \`npx expo prebuild\` or \`npx expo run:*\`
/ios
/android

# signing keys and secrets
*.jks
*.p8
*.p12
*.key
*.mobileprovision
*.pem
.env*.local
`;

function readme(input: BuildInput): string {
  const name = input.shop.name;
  return `# ${name}: the native app

An [Expo](https://expo.dev) (React Native) project of **${name}**, made by the portal from the
app's design (design version ${input.creationVersion}, build ${input.buildNumber}, engine release ${input.release.version}).

- Android package: \`${androidPackageOf(input.shop.alias)}\`
- iOS bundle identifier: \`${iosBundleIdOf(input.shop.alias)}\`
- Expo SDK ${NATIVE_VERSIONS.expo.split('.')[0] ?? ''} (expo ${NATIVE_VERSIONS.expo}, react-native ${NATIVE_VERSIONS['react-native']}, react ${NATIVE_VERSIONS.react})

## Run it

\`\`\`sh
npm install
npx expo start        # then press a (Android), i (iOS simulator) or scan the QR code with Expo Go
npm run typecheck
\`\`\`

## Build store binaries with EAS

\`\`\`sh
npm install -g eas-cli
eas login
eas init                                            # links the project to your Expo account
eas build --profile preview --platform android      # an installable APK for testers
eas build --profile production --platform android   # an app bundle (AAB) for Google Play
eas build --profile production --platform ios       # an IPA for the App Store (Apple account needed)
eas submit --profile production                     # optional: send the build to the stores
\`\`\`

The \`development\` profile makes a development build: run \`npx expo install expo-dev-client\` first.
\`app.json\` holds the version (\`1.0.0\`), the Android \`versionCode\` and the iOS \`buildNumber\`
(${input.buildNumber}); the production profile increments them at each build.

## What the screens cover

- **Splash**: the native splash (\`assets/splash.png\`, the logo on the splash colour) stays while the
  fonts load, then the design's splash (its background, pane, logo, name and slogan) shows for a moment.
- **Home**: the slide show, the search bar (below the slides or in the toolbar; it filters the
  products), the home categories (themes a to f) and the products as the design's items
  (templates a to c: corners, gradient, shadow, fonts, price colour).
- **Categories**, a **category's products**, **product details** (sizes, quantity, details and
  reviews as sections, tabs or panels, the Go Back / Add to Cart / heart bar), the **cart** (Total,
  Keep Shopping, Checkout), the **checkout** (Deliver To, Mode of Delivery, Order Summary, Payment
  Mode, Place Order) and the **order history**.
- The toolbar's gradient and elevation, the side menu (when the design has one), the bottom bar
  (when the design shows it), the buttons and the design's fonts (Roboto and Great Vibes are bundled;
  Georgia, Arial, Courier New, Trebuchet MS and Verdana use the phone's system fonts).

The design lives in \`src/theme.ts\` (every colour, converted from the design's \`0xAARRGGBB\`),
\`src/shop.ts\` and \`src/catalogue.ts\`; the screens read only those.

## What is sample data

- \`src/catalogue.ts\` is the portal's **sample catalogue** for the shop's trades (pictures served
  by ${input.origin}), not the shop's own products.
- The cart and the orders live in memory and are lost when the app closes; the sample orders, the
  delivery address and the payment methods of the checkout are made up. **Place Order charges
  nothing and sends nothing.**
- Not included: sign-in, customer care chat, support, push notifications, real payments. Wire the
  shop's API into \`src/store.tsx\` and \`src/catalogue.ts\` before publishing.
`;
}

const text = (value: string) => new TextEncoder().encode(value);

/** The native project's files (zip them with zipFiles; root folder: the slug). */
export function makeNativeProject(input: BuildInput, icons: IconSet, catalogue: SampleCatalogue): ArtifactFiles {
  const files: ArtifactFiles = new Map();
  const add = (path: string, value: string | Uint8Array) => files.set(path, typeof value === 'string' ? text(value) : value);
  add('package.json', json(packageJson(input)));
  add('app.json', json(appJson(input)));
  add('eas.json', json(EAS_JSON));
  add('babel.config.js', BABEL_CONFIG);
  add('tsconfig.json', json(TSCONFIG));
  add('.gitignore', GITIGNORE);
  add('README.md', readme(input));
  for (const [path, source] of NATIVE_STATIC_SOURCES) add(path, source);
  add('src/theme.ts', themeFile(input));
  add('src/shop.ts', shopFile(input));
  add('src/catalogue.ts', catalogueFile(catalogue));
  add('assets/icon.png', icons.icon1024);
  add('assets/adaptive-icon.png', icons.adaptiveForeground1024);
  add('assets/splash.png', icons.splash);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
