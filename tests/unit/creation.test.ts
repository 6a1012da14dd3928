import { describe, expect, it } from 'vitest';
import { CREATION_VERSION, creationSchema, defaultCreation } from '@contract/design/schemas';
import { createCreationParser, parseCreationTolerant } from '@contract/design/schemas-tolerant';
import { equalJson, shareEqual } from '@contract/design/shared';

describe('Creation defaults (spec section 3)', () => {
  const creation = defaultCreation();

  it('has the spec defaults and a version', () => {
    expect(creation.version).toBe(CREATION_VERSION);
    expect(creation.appTemplate.theme).toBe('template_a');
    expect(creation.appTemplate.description).toBe('Measurement based homepage');
    expect(creation.bodyConfig.fontFamily).toBe('Roboto');
    expect(creation.splashScreen.font.fontFamily).toBe('Great Vibes');
    expect(creation.shop.currencySymbol).toBe('$');
    expect(creation.homeCategories.border.type).toBe('outlined');
    expect(creation.measurementItem.title.size).toBe(14);
    expect(creation.toolBar.gradient.direction).toBe('left-to-right');
  });

  it('stores colours in the web form', () => {
    const parsed = creationSchema.parse({ colors: { primary: '0xFF112233', accent: '#abc' } });
    expect(parsed.colors.primary).toBe('#112233FF');
    expect(parsed.colors.accent).toBe('#AABBCCFF');
  });

  it('accepts each gradient direction and keeps the background images unique', () => {
    for (const direction of ['left-to-right', 'top-to-bottom', 'top-to-bottom-diagonal', 'bottom-to-top-diagonal']) {
      expect(creationSchema.parse({ toolBar: { gradient: { direction } } }).toolBar.gradient.direction).toBe(direction);
    }
    expect(creationSchema.parse({ backgroundImages: ['a', 'b', 'a'] }).backgroundImages).toEqual(['a', 'b']);
  });

  it('refuses bad values when validating strictly', () => {
    expect(creationSchema.safeParse({ colors: { primary: 'red' } }).success).toBe(false);
    expect(creationSchema.safeParse({ appTemplate: { theme: 'template_z' } }).success).toBe(false);
    expect(creationSchema.safeParse({ shop: { name: 'x'.repeat(81) } }).success).toBe(false);
    expect(creationSchema.safeParse({ shop: { name: 'a\u0000b' } }).success).toBe(false);
  });
});

describe('parseCreationTolerant (bad parts fall back to their defaults)', () => {
  const defaults = defaultCreation();

  it('keeps the good parts and defaults the bad ones', () => {
    const creation = parseCreationTolerant({
      colors: { primary: 'not a colour', accent: '#FF0000' },
      appTemplate: { theme: 'template_q', hasBottomNavBar: true },
      splashScreen: 'broken',
      categoriesOfInterest: [101, 'x', 102, -3],
      toolBar: { gradient: { colors: ['#000', 7] } },
      measurementItem: { title: { size: 9999 } },
    });
    expect(creation.colors.primary).toBe(defaults.colors.primary);
    expect(creation.colors.accent).toBe('#FF0000FF');
    expect(creation.appTemplate.theme).toBe('template_a');
    expect(creation.appTemplate.hasBottomNavBar).toBe(true);
    expect(creation.splashScreen).toEqual(defaults.splashScreen);
    expect(creation.categoriesOfInterest).toEqual([101, 102]);
    expect(creation.toolBar.gradient.colors).toEqual(['#000000FF', defaults.toolBar.gradient.colors[1]]);
    expect(creation.measurementItem.title.size).toBe(14);
  });

  it.each([null, undefined, 42, 'text', [], [1, 2]])('renders the defaults for %s', (input) => {
    expect(parseCreationTolerant(input)).toEqual(defaults);
  });
});

describe('createCreationParser (the live design: only changed groups are parsed again)', () => {
  const damaged = {
    colors: { primary: 'not a colour', accent: '#FF0000' },
    appTemplate: { theme: 'template_q', hasBottomNavBar: true },
    splashScreen: 'broken',
    categoriesOfInterest: [101, 'x', 102, -3],
    measurementItem: { title: { size: 9999 } },
  };

  it('gives what parseCreationTolerant gives', () => {
    const parse = createCreationParser();
    expect(parse(damaged)).toEqual(parseCreationTolerant(damaged));
    expect(parse(null)).toEqual(defaultCreation());
    expect(parse(damaged)).toEqual(parseCreationTolerant(damaged));
  });

  it('keeps every group an edit left alone, and the whole Creation when nothing changed', () => {
    const parse = createCreationParser();
    const first = parse(damaged);
    const edited = { ...damaged, colors: { ...damaged.colors, accent: '#00FF00' } };
    const second = parse(edited);
    expect(second.colors.accent).toBe('#00FF00FF');
    expect(second.colors).not.toBe(first.colors);
    expect(second.appTemplate).toBe(first.appTemplate);
    expect(second.measurementItem).toBe(first.measurementItem);
    // An equal copy (the store's echo of the edit) and an equal value in another form parse to the same object.
    expect(parse(JSON.parse(JSON.stringify(edited)))).toBe(second);
    expect(parse({ ...edited, colors: { ...edited.colors, accent: '#0F0' } })).toBe(second);
  });
});

describe('shareEqual and equalJson', () => {
  it('keeps the parts of the previous value that did not change', () => {
    const previous = { a: { b: [1, 2] }, c: { d: 'x' } };
    const next = shareEqual(previous, { a: { b: [1, 2] }, c: { d: 'y' } });
    expect(next.a).toBe(previous.a);
    expect(next.c).not.toBe(previous.c);
    expect(shareEqual(previous, JSON.parse(JSON.stringify(previous)))).toBe(previous);
    expect(equalJson({ a: 1, b: [2] }, { b: [2], a: 1 })).toBe(true);
    expect(equalJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(equalJson([1], [1, 2])).toBe(false);
  });
});
