import { describe, expect, it } from 'vitest';
import { defaultCreation } from '@contract/design/schemas';
import { contrastRatio } from '@contract/colour';
import { contrastWarnings } from '@/features/design/editor/contrast';
import { isControlShown, editedPaths, humanise, sectionControls, valueAt } from '@/features/design/editor/controls';
import { emptyHistory, historyKey, recordEdit, redo, undo } from '@/features/design/editor/history';
import { backgroundImagePatch, editPatch, inversePatch, isNoOp } from '@/features/design/editor/patches';
import { EDITOR_SECTIONS, sectionById, sectionsOf } from '@/features/design/editor/section-map';
import { SCREENS } from '@/features/preview/screens';

const defaults = defaultCreation();

describe('section map', () => {
  it('has the spec sections in order, each moving the preview to its page', () => {
    expect(EDITOR_SECTIONS.map((s) => s.title)).toEqual([
      'Splash Screen',
      'Login',
      'General',
      'Home Page',
      'Categories Page',
      'Products List',
      'Product Details',
      'Shopping Cart',
      'Chat',
      'Checkout',
      'Order History',
    ]);
    expect(sectionById('splash').screen).toBe('splash');
    expect(sectionById('products').screen).toBe('product-list');
    expect(sectionById('chat').screen).toBe('customer-care');
    expect(sectionById('nope').id).toBe('splash');
    for (const section of EDITOR_SECTIONS) expect(SCREENS, section.title).toContain(section.screen);
  });

  it('finds the sections of a field; excluded fields belong elsewhere', () => {
    expect(sectionsOf('colors/primary').map((s) => s.id)).toEqual(['general']);
    expect(sectionsOf('colors/chatSenderBalloon').map((s) => s.id)).toEqual(['chat']);
    expect(sectionsOf('splashScreen/logo/size/width').map((s) => s.id)).toEqual(['splash']);
  });

  it('generates a control for every styled field of the Creation', () => {
    const paths = new Set(editedPaths(defaults));
    for (const path of [
      'colors/primary',
      'splashScreen/theme',
      'splashScreen/ripplesCount',
      'splashScreen/logo/size/width',
      'splashScreen/logo/borderRadius',
      'measurementItem/isAlternateCorners',
      'measurementItem/borderRadius',
      'toolBar/gradient',
      'bottomNavBar/isShow',
      'sideNavigationDrawer/theme',
      'splashScreen/background/image',
      'quantitySelection/increment/border/radius',
    ]) {
      expect(paths.has(path), path).toBe(true);
    }
    const styled = Object.keys(defaults).filter(
      (key) =>
        ![
          'version',
          'configVersion',
          'categoriesOfInterest',
          'superCategoriesOfInterest',
          'slideShows',
          'backgroundImages',
          'admin',
          'handSetColours',
        ].includes(key),
    );
    for (const group of styled)
      expect(
        [...paths].some((path) => path.startsWith(`${group}/`)),
        group,
      ).toBe(true);
  });

  it('picks the control kind from the schema', () => {
    const splash = sectionControls(sectionById('splash'), defaults);
    const kind = (path: string) => splash.find((c) => c.path === path)?.kind;
    expect(kind('splashScreen/theme')).toBe('theme');
    expect(splash.find((c) => c.path === 'splashScreen/theme')).toMatchObject({
      options: ['theme_a', 'theme_b', 'theme_c', 'theme_d', 'theme_e', 'theme_f', 'theme_g', 'theme_h'],
    });
    expect(kind('splashScreen/paneColor')).toBe('colour');
    expect(kind('splashScreen/isShowLogo')).toBe('switch');
    expect(kind('splashScreen/font/fontFamily')).toBe('font');
    expect(kind('splashScreen/background/gradient')).toBe('gradient');
    expect(kind('splashScreen/panePosition')).toBe('select');
    expect(splash.find((c) => c.path === 'splashScreen/paneOpacity')).toMatchObject({ kind: 'number', min: 0, max: 1, step: 0.01 });
    expect(splash.find((c) => c.path === 'splashScreen/ripplesCount')).toMatchObject({ kind: 'number', min: 0, max: 12, step: 1 });
    expect(splash.find((c) => c.path === 'splashScreen/font/fontFamily')).toMatchObject({ options: expect.arrayContaining(['Roboto', 'Great Vibes']) });
    for (const section of EDITOR_SECTIONS) {
      const labels = sectionControls(section, defaults).map((c) => c.label);
      expect(new Set(labels).size, section.title).toBe(labels.length);
    }
    const general = sectionControls(sectionById('general'), defaults).map((c) => c.label);
    expect(general).toEqual(
      expect.arrayContaining(['Primary', 'Toolbar gradient', 'Bottom nav bar', 'Side navigation drawer', 'Bottom bar theme', 'Side drawer theme']),
    );
  });

  it('labels in words', () => {
    expect(humanise('paneOpacity')).toBe('Pane opacity');
    expect(humanise('isShowLogo')).toBe('Show logo');
    expect(humanise('toolBarForeground')).toBe('Toolbar foreground');
  });
});

describe('edit -> patch', () => {
  it('shows splash ripples for themes f, g and h only; a background image is chosen with its type', () => {
    const ripples = sectionControls(sectionById('splash'), defaults).find((c) => c.path === 'splashScreen/ripplesCount')!;
    expect(isControlShown(ripples, defaults)).toBe(false);
    for (const theme of ['theme_f', 'theme_g', 'theme_h'] as const)
      expect(isControlShown(ripples, { ...defaults, splashScreen: { ...defaults.splashScreen, theme } })).toBe(true);
    expect(backgroundImagePatch({ name: 'aurora-waves', image: '/catalogue/backgrounds/aurora-waves.1.webp' })).toEqual({
      'splashScreen/background/type': 'image',
      'splashScreen/background/image': { fullUrl: '/catalogue/backgrounds/aurora-waves.1.webp', value: 'aurora-waves' },
      backgroundImages: ['aurora-waves'],
    });
  });

  it('derives primary shades, toolbar text and gradient (spec section 4)', () => {
    const patch = editPatch(defaults, 'colors/primary', '0xFF000000');
    expect(patch['colors/primary']).toBe('#000000FF');
    expect(patch['colors/toolBarForeground']).toBe('#FFFFFFFF');
    expect(patch['toolBar/gradient/colors']).toEqual(['#000000FF', patch['colors/primaryDark']]);
    expect(editPatch(defaults, 'colors/primary', '#FFFF00')['colors/toolBarForeground']).toBe('#000000FF');
    expect(Object.keys(editPatch(defaults, 'colors/accent', '#F59E0B'))).toEqual([
      'colors/accent',
      'colors/accentDark',
      'colors/accentLight',
      'splashScreen/background/gradient/colors',
      'admin/accent',
    ]);
    expect(editPatch(defaults, 'colors/backgroundColor', '#000000')['colors/bodyColor']).toBe('#F5F5F5FF');
    expect(editPatch(defaults, 'colors/primary', 'not a colour')).toEqual({});
  });

  it('normalises any colour field, keeps other values', () => {
    expect(editPatch(defaults, 'splashScreen/paneColor', '0x80FF0000')).toEqual({ 'splashScreen/paneColor': '#FF000080' });
    expect(editPatch(defaults, 'splashScreen/paneColor', 'red')).toEqual({});
    expect(editPatch(defaults, 'splashScreen/paneOpacity', 0.5)).toEqual({ 'splashScreen/paneOpacity': 0.5 });
  });

  it('turning the bottom nav bar on closes the side drawer', () => {
    expect(editPatch(defaults, 'bottomNavBar/isShow', true)).toEqual({
      'bottomNavBar/isShow': true,
      'appTemplate/hasBottomNavBar': true,
      'appTemplate/hasSideNavBar': false,
    });
    expect(editPatch(defaults, 'appTemplate/hasBottomNavBar', false)).toEqual({ 'bottomNavBar/isShow': false, 'appTemplate/hasBottomNavBar': false });
  });

  it('inverse patch and no-op', () => {
    const patch = editPatch(defaults, 'colors/primary', '#000000');
    const inverse = inversePatch(defaults, patch);
    expect(inverse['colors/primary']).toBe(defaults.colors.primary);
    expect(inverse['toolBar/gradient/colors']).toEqual(defaults.toolBar.gradient.colors);
    expect(isNoOp(defaults, inverse)).toBe(true);
    expect(isNoOp(defaults, patch)).toBe(false);
    expect(valueAt(defaults, 'splashScreen/logo/size/width')).toBe(96);
  });
});

describe('undo and redo', () => {
  it('walks back and forth; a new edit clears redo', () => {
    let history = recordEdit(emptyHistory(), { redo: { a: 1 }, undo: { a: 0 } });
    history = recordEdit(history, { redo: { a: 2 }, undo: { a: 1 } });
    const back = undo(history);
    expect(back?.patch).toEqual({ a: 1 });
    const back2 = undo(back!.history);
    expect(back2?.patch).toEqual({ a: 0 });
    expect(undo(back2!.history)).toBeNull();
    const forward = redo(back2!.history);
    expect(forward?.patch).toEqual({ a: 1 });
    const fresh = recordEdit(forward!.history, { redo: { a: 5 }, undo: { a: 1 } });
    expect(redo(fresh)).toBeNull();
  });

  it('merges a drag on the same fields into one undo step', () => {
    let history = recordEdit(emptyHistory(), { redo: { a: 1 }, undo: { a: 0 }, at: 1000 });
    history = recordEdit(history, { redo: { a: 2 }, undo: { a: 1 }, at: 1200 });
    expect(history.past).toEqual([{ redo: { a: 2 }, undo: { a: 0 }, at: 1200 }]);
    history = recordEdit(history, { redo: { a: 3 }, undo: { a: 2 }, at: 5000 });
    history = recordEdit(history, { redo: { b: 3 }, undo: { b: 2 }, at: 5100 });
    expect(history.past).toHaveLength(3);
  });

  it('reads the keyboard shortcuts', () => {
    const k = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) =>
      historyKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
    expect(k('z', { ctrlKey: true })).toBe('undo');
    expect(k('z', { metaKey: true })).toBe('undo');
    expect(k('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(k('y', { ctrlKey: true })).toBe('redo');
    expect(k('z')).toBeNull();
    expect(k('z', { ctrlKey: true, altKey: true })).toBeNull();
  });
});

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000FF', '#FFFFFFFF')).toBeCloseTo(21, 0);
    expect(contrastRatio('#FFFFFFFF', '#FFFFFFFF')).toBe(1);
  });

  it('warns below AA, not above', () => {
    expect(contrastWarnings(defaults)).toEqual([]);
    const grey = { ...defaults, colors: { ...defaults.colors, primary: '#9E9E9EFF', toolBarForeground: '#FFFFFFFF' } };
    const warnings = contrastWarnings(grey);
    expect(warnings.map((w) => w.text)).toEqual([
      expect.stringMatching(/^Toolbar text on the primary colour has a contrast of 2\.\d:1, below the 4\.5:1 WCAG AA asks for\.$/),
      expect.stringMatching(/^Button text on the primary colour/),
    ]);
  });
});
