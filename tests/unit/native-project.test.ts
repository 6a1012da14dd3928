/** The native project artifact (issue 31): an Expo project with the Creation baked in. */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { creationSchema } from '@contract/design/schemas';
import { androidPackageOf, iosBundleIdOf, makeNativeProject } from '../../server/src/modules/builds/artifacts/native-project';
import { sampleCatalogueForApp } from '../../server/src/modules/builds/artifacts/sample-catalogue-for-app';
import type { BuildInput, IconSet } from '../../server/src/modules/builds/artifacts/types';
import { zipFiles } from '../../server/src/modules/builds/artifacts/zip';

const png = (marker: number) => new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, marker]);
const icons: IconSet = {
  icon192: png(1),
  icon512: png(2),
  maskable512: png(3),
  appleTouch180: png(4),
  icon1024: png(5),
  adaptiveForeground1024: png(6),
  splash: png(7),
};

/** Distinctive colours, in every accepted form: the theme must carry each one converted. */
const COLOURS = {
  primary: '#12345678',
  primaryLight: '#ABCDEF',
  primaryDark: '0xFF0A0B0C',
  accent: '0x80FF8800',
  accentDark: '#102030FF',
  accentLight: '#F0E0D0FF',
  toolBarForeground: '#FEFEFEFF',
  bodyColor: '#111213FF',
  backgroundColor: '#FAF0E6FF',
  buttonForeground: '#01020300',
};

function inputOf(overrides: Partial<BuildInput> = {}, design: Record<string, unknown> = {}): BuildInput {
  return {
    shop: { alias: 'bloom-co', name: 'Bloom & Co', slogan: 'Flowers, fast', currencySymbol: '€' },
    creation: creationSchema.parse({
      colors: COLOURS,
      splashScreen: { background: { type: 'color', color: '#336699CC' } },
      superCategoriesOfInterest: [2],
      bottomNavBar: { isShow: true },
      ...design,
    }),
    creationVersion: 12,
    release: { version: '3.1.0' },
    buildNumber: 7,
    origin: 'https://portal.example.com',
    ...overrides,
  };
}

function project(input = inputOf()) {
  return makeNativeProject(input, icons, sampleCatalogueForApp(input));
}

const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const jsonOf = (files: Map<string, Uint8Array>, path: string) => JSON.parse(decode(files.get(path))) as Record<string, unknown>;

/** A #RRGGBBAA / 0xAARRGGBB colour as the React Native string the theme must hold (written independently of the module). */
function expected(colour: string): string {
  const hex = colour.startsWith('0x') ? colour.slice(4) + colour.slice(2, 4) : colour.slice(1).padEnd(8, 'F');
  const [r, g, b, a] = [0, 2, 4, 6].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number, number];
  if (a === 255) return `#${hex.slice(0, 6).toUpperCase()}`;
  return `rgba(${r}, ${g}, ${b}, ${Number((a / 255).toFixed(3))})`;
}

/** Runs the written src/theme.ts (its only import is a type) and returns its `theme`. */
function themeOf(files: Map<string, Uint8Array>): Record<string, Record<string, unknown>> {
  const js = ts.transpileModule(decode(files.get('src/theme.ts')), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const exports: Record<string, unknown> = {};
  new Function('exports', 'require', js.outputText)(exports, () => ({}));
  return exports.theme as Record<string, Record<string, unknown>>;
}

describe('app.json', () => {
  it('carries the name, slug, identifiers, versions, icons and the splash colour converted', () => {
    expect(jsonOf(project(), 'app.json').expo).toMatchObject({
      name: 'Bloom & Co',
      slug: 'bloom-co',
      version: '1.0.0',
      orientation: 'portrait',
      userInterfaceStyle: 'light',
      icon: './assets/icon.png',
      // #336699CC and #12345678: app.json colours are opaque #RRGGBB.
      splash: { image: './assets/splash.png', resizeMode: 'contain', backgroundColor: '#336699' },
      primaryColor: '#123456',
      android: {
        package: 'studio.shopapp.bloom_co',
        versionCode: 7,
        adaptiveIcon: { foregroundImage: './assets/adaptive-icon.png', backgroundColor: '#123456' },
      },
      ios: { bundleIdentifier: 'studio.shopapp.bloom-co', buildNumber: '7' },
    });
  });

  it('takes the gradient’s first colour as the splash colour of a gradient splash', () => {
    const input = inputOf({}, { splashScreen: { background: { type: 'gradient', gradient: { colors: ['0xFFAA0011', '#000000FF'] } } } });
    expect(jsonOf(project(input), 'app.json').expo).toMatchObject({ splash: { backgroundColor: '#AA0011' } });
  });
});

describe('eas.json', () => {
  it('has the development, preview and production profiles', () => {
    expect(jsonOf(project(), 'eas.json')).toMatchObject({
      cli: { version: expect.stringMatching(/^>= \d+\.\d+\.\d+$/) as unknown },
      build: {
        development: { developmentClient: true, distribution: 'internal' },
        preview: { distribution: 'internal', android: { buildType: 'apk' } },
        production: { autoIncrement: true, android: { buildType: 'app-bundle' } },
      },
    });
  });
});

describe('src/theme.ts', () => {
  it('holds every Creation colour converted to a React Native colour string', () => {
    const theme = themeOf(project());
    for (const [name, colour] of Object.entries(COLOURS)) expect(theme.colors?.[name], name).toBe(expected(colour));
    expect(expected('#12345678')).toBe('rgba(18, 52, 86, 0.471)');
    expect(expected('0x80FF8800')).toBe('rgba(255, 136, 0, 0.502)');
    expect(expected('0xFF0A0B0C')).toBe('#0A0B0C');
  });

  it('converts the colours of the groups too (toolbar gradient, bottom bar, items, splash)', () => {
    const input = inputOf({}, { toolBar: { gradient: { colors: ['#0000FF80', '0xFF00FF00'] } }, measurementItem: { priceFontColor: '#ABCDEF12' } });
    expect(themeOf(project(input))).toMatchObject({
      toolBar: { gradient: { colors: [expected('#0000FF80'), expected('0xFF00FF00')] } },
      measurementItem: { priceFontColor: 'rgba(171, 205, 239, 0.071)' },
      bottomNav: { isShow: true },
      splash: { background: { color: expected('#336699CC') } },
    });
  });

  it('documents each colour’s design forms', () => {
    const text = decode(project().get('src/theme.ts'));
    expect(text).toContain("primary: 'rgba(18, 52, 86, 0.471)', // 0x78123456 (#12345678)");
    expect(text).toContain('0xAARRGGBB');
  });
});

describe('the project’s sources', () => {
  it('has the files a developer and EAS Build need', () => {
    const files = project();
    for (const path of ['package.json', 'app.json', 'eas.json', 'babel.config.js', 'tsconfig.json', 'index.ts', 'App.tsx', 'README.md', '.gitignore']) {
      expect(files.has(path), path).toBe(true);
    }
    for (const path of ['src/theme.ts', 'src/catalogue.ts', 'src/shop.ts']) expect(files.has(path), path).toBe(true);
    expect(files.get('assets/icon.png')).toEqual(icons.icon1024);
    expect(files.get('assets/adaptive-icon.png')).toEqual(icons.adaptiveForeground1024);
    expect(files.get('assets/splash.png')).toEqual(icons.splash);
  });

  it('transpiles every .ts, .tsx and .js file without a diagnostic', () => {
    const input = inputOf({ shop: { alias: '7-éclair', name: 'Quotes " ` ${x} \u2028 \\', slogan: "it's", currencySymbol: '$' } });
    const files = project(input);
    const sources = [...files.keys()].filter((path) => /\.(tsx?|js)$/.test(path));
    expect(sources.length).toBeGreaterThan(15);
    for (const path of sources) {
      const result = ts.transpileModule(decode(files.get(path)), {
        fileName: path,
        reportDiagnostics: true,
        compilerOptions: { jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ESNext },
      });
      expect(result.diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')) ?? [], path).toEqual([]);
    }
  });

  it('imports only the packages package.json names, and relative files that exist', () => {
    const files = project();
    const deps = Object.keys((jsonOf(files, 'package.json').dependencies as Record<string, string>) ?? {});
    for (const [path, bytes] of files) {
      if (!/\.tsx?$/.test(path)) continue;
      for (const [, spec] of decode(bytes).matchAll(/(?:from|require\()\s*'([^']+)'/g)) {
        if (spec === undefined) continue;
        if (spec.startsWith('.')) {
          const base = new URL(spec, `file:///p/${path}`).pathname.slice(3);
          expect(
            ['.ts', '.tsx', ''].some((ext) => files.has(base + ext)),
            `${path} -> ${spec}`,
          ).toBe(true);
        } else {
          const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string);
          expect(deps, `${path} -> ${spec}`).toContain(name);
        }
      }
    }
  });

  it('bakes the sample catalogue with absolute picture URLs on the origin', () => {
    const input = inputOf();
    const catalogue = sampleCatalogueForApp(input);
    expect(catalogue.products.length).toBeGreaterThan(0);
    expect(catalogue.categories.length).toBeGreaterThan(0);
    expect(catalogue.slides.length).toBeGreaterThan(0);
    for (const url of [...catalogue.products.map((p) => p.image), ...catalogue.categories.map((c) => c.image), ...catalogue.slides.map((s) => s.image)]) {
      expect(url).toMatch(/^https:\/\/portal\.example\.com\/catalogue\//);
    }
    // The design's trade (super-category 2): its categories only.
    expect(catalogue.categories.every((category) => Math.floor(category.id / 100) === 2)).toBe(true);
    expect(decode(project(input).get('src/catalogue.ts'))).toContain(catalogue.products[0]?.image);
  });
});

describe('package.json', () => {
  it('pins exact, coherent versions (Expo SDK 58: react 19.3.0, react-native 0.88.1)', () => {
    const pkg = jsonOf(project(), 'package.json') as {
      name: string;
      main: string;
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.name).toBe('bloom-co');
    expect(pkg.main).toBe('index.ts');
    const all = { ...pkg.dependencies, ...pkg.devDependencies };
    for (const [name, version] of Object.entries(all)) expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
    const deps = pkg.dependencies;
    expect(deps.expo).toMatch(/^58\./);
    expect(deps.react).toBe('19.3.0');
    expect(deps['react-native']).toBe('0.88.1');
    for (const name of ['expo-font', 'expo-splash-screen', 'expo-status-bar', 'expo-linear-gradient']) expect(deps[name], name).toMatch(/^58\./);
    expect(all['@types/react']).toMatch(/^19\.3\./);
    expect(deps['@expo-google-fonts/roboto']).toBeDefined();
    expect(deps['@expo-google-fonts/great-vibes']).toBeDefined();
  });
});

describe('identifiers', () => {
  const ANDROID = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;
  const IOS = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

  it.each(['bloom-co', '7eleven', '123', 'my--shop-', 'café-müller', '日本の店', 'Big Shop!', 'class', 'new-shop', '', '-'])('is valid for %j', (alias) => {
    const android = androidPackageOf(alias);
    const ios = iosBundleIdOf(alias);
    expect(android).toMatch(ANDROID);
    expect(android.startsWith('studio.shopapp.')).toBe(true);
    expect(android.split('.').some((segment) => ['class', 'new', 'int', 'package'].includes(segment))).toBe(false);
    expect(ios).toMatch(IOS);
    expect(ios).not.toContain('_');
  });

  it('keeps readable aliases readable and different aliases apart', () => {
    expect(androidPackageOf('bloom-co')).toBe('studio.shopapp.bloom_co');
    expect(iosBundleIdOf('bloom-co')).toBe('studio.shopapp.bloom-co');
    expect(androidPackageOf('café-müller')).toBe('studio.shopapp.cafe_muller');
    const aliases = ['7eleven', 's-7eleven', 's7eleven', 'class', 'classes', 'my-shop', 'myshop', 'my-shop-2', 'shop'];
    expect(new Set(aliases.map(androidPackageOf)).size).toBe(aliases.length);
    expect(new Set(aliases.map(iosBundleIdOf)).size).toBe(aliases.length);
  });
});

describe('determinism', () => {
  it('makes the same bytes from the same input', () => {
    const a = project();
    const b = project();
    expect([...a.keys()]).toEqual([...b.keys()]);
    for (const [path, bytes] of a) expect(Buffer.from(bytes).equals(Buffer.from(b.get(path) ?? new Uint8Array())), path).toBe(true);
    expect(Buffer.from(zipFiles(a, 'bloom-co')).equals(Buffer.from(zipFiles(b, 'bloom-co')))).toBe(true);
  });
});
