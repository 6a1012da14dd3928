import { describe, expect, it } from 'vitest';
import { contrastRatio, derivePrimary, deriveAccent, readableAgainst } from '@contract/colour';
import { DERIVED_PATHS, derivedColour, paletteOf } from '@contract/design/derived';
import { type Creation, creationSchema, defaultCreation } from '@contract/design/schemas';
import { parseCreationTolerant } from '@contract/design/schemas-tolerant';
import { STARTER_TEMPLATES } from '@contract/templates/starters';
import { valueAt } from '@/features/design/editor/controls';
import { type Patch, editPatch, inversePatch, isNoOp } from '@/features/design/editor/patches';

const defaults = defaultCreation();

/** `creation` with `patch` applied (what the store does with an edit). */
function applied(creation: Creation, patch: Patch): Creation {
  const next = structuredClone(creation) as unknown as Record<string, unknown>;
  for (const [path, value] of Object.entries(patch)) {
    const keys = path.split('/');
    const last = keys.pop() as string;
    const parent = keys.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, next);
    parent[last] = value;
  }
  return creationSchema.parse(next);
}

const RED = derivePrimary('#B71C1C');

describe('brand colours reach the fields derived from them (issue 27)', () => {
  it('the default design already follows the rule: every derived field holds its palette colour', () => {
    const palette = paletteOf(defaults.colors);
    for (const path of DERIVED_PATHS) expect(valueAt(defaults, path), path).toEqual(derivedColour(path, palette, defaults));
    expect(defaults.handSetColours).toEqual([]);
  });

  it('a primary colour change recolours the Search button, prices, the selected chip and the login button', () => {
    const next = applied(defaults, editPatch(defaults, 'colors/primary', '#B71C1C'));
    expect(next.toolBar.gradient.colors).toEqual([RED.primary, RED.primaryDark]);
    expect(next.searchBar.button.background).toBe(RED.primary);
    expect(next.searchBar.button.border.color).toBe(RED.primary);
    expect(next.measurementItem.priceFontColor).toBe(RED.primary);
    expect(next.measurementItem.price.color).toBe(RED.primary);
    // The light shade, toned until the chip's text reads on it.
    expect(next.homeCategories.itemHighlight).toBe(readableAgainst(RED.primaryLight, defaults.homeCategories.font.color));
    expect(next.buttons.gradient.colors).toEqual([RED.primary, RED.primaryDark]);
    expect(next.productDetailsCTA.primary.background).toBe(RED.primary);
    expect(next.bottomNavBar.selectedColor).toBe(RED.primary);
    expect(next.colors.chatSenderBalloon).toBe(RED.primary);
    // The splash gradient runs from the primary to the accent colour, which stays.
    expect(next.splashScreen.background.gradient.colors).toEqual([RED.primary, defaults.colors.accent]);
  });

  it('text on the primary colour turns black on a light primary, as the toolbar text does', () => {
    const next = applied(defaults, editPatch(defaults, 'colors/primary', '#FFEB3B'));
    expect(next.colors.toolBarForeground).toBe('#000000FF');
    expect(next.searchBar.button.font.color).toBe('#000000FF');
    expect(next.buttons.font.fontColor).toBe('#000000FF');
    expect(next.sideNavIcon.color).toBe('#000000FF');
  });

  it('a dark or a pale brand colour never makes a derived text unreadable (WCAG AA 4.5:1)', () => {
    for (const brand of ['#1E3A8A', '#000000', '#FFEB3B', '#9E9E9E', '#B71C1C', '#4F46E5']) {
      const next = applied(defaults, editPatch(defaults, 'colors/primary', brand));
      const pairs: Array<[string, string, string]> = [
        ['price on its card', next.measurementItem.priceFontColor, next.measurementItem.gradient.colors[0]],
        ['chip text on the selected chip', next.homeCategories.font.color, next.homeCategories.itemHighlight],
        ['selected drawer item', next.sideNavigationDrawer.item.selected.font.color, next.sideNavigationDrawer.item.selected.background],
        ['bottom bar selected', next.bottomNavBar.selectedColor, next.bottomNavBar.background],
        ['secondary call to action', next.productDetailsCTA.secondary.font.color, next.productDetailsCTA.secondary.background],
      ];
      for (const [what, text, behind] of pairs) expect(contrastRatio(text, behind), `${brand}: ${what}`).toBeGreaterThanOrEqual(4.5);
    }
    // A colour that reads already is kept as it is.
    expect(readableAgainst('#4F46E5FF', '#FFFFFFFF')).toBe('#4F46E5FF');
    expect(readableAgainst('#FFEB3BFF', '#FFFFFFFF')).not.toBe('#FFEB3BFF');
  });

  it('an accent change moves the accent fields only', () => {
    const patch = editPatch(defaults, 'colors/accent', '#00BFA5');
    const next = applied(defaults, patch);
    expect(next.admin.accent).toBe(deriveAccent('#00BFA5').accent);
    expect(next.splashScreen.background.gradient.colors).toEqual([defaults.colors.primary, '#00BFA5FF']);
    expect(patch).not.toHaveProperty('toolBar/gradient/colors');
    expect(patch).not.toHaveProperty('searchBar/button/background');
  });

  it('a field set by hand is recorded and no longer follows; set back to its palette colour, it follows again', () => {
    const green = editPatch(defaults, 'searchBar/button/background', '#00FF00');
    expect(green).toEqual({ 'searchBar/button/background': '#00FF00FF', handSetColours: ['searchBar/button/background'] });
    const handSet = applied(defaults, green);

    const red = applied(handSet, editPatch(handSet, 'colors/primary', '#B71C1C'));
    expect(red.searchBar.button.background).toBe('#00FF00FF');
    expect(red.measurementItem.priceFontColor).toBe(RED.primary);
    // Its border was not set by hand: it follows.
    expect(red.searchBar.button.border.color).toBe(RED.primary);

    const again = editPatch(red, 'searchBar/button/background', RED.primary);
    expect(again.handSetColours).toEqual([]);
    const following = applied(red, again);
    expect(applied(following, editPatch(following, 'colors/primary', '#0D47A1')).searchBar.button.background).toBe(derivePrimary('#0D47A1').primary);
  });

  it('a gradient stop set by hand records the gradient; its direction alone does not', () => {
    expect(editPatch(defaults, 'toolBar/gradient/colors', ['#112233', defaults.toolBar.gradient.colors[1]]).handSetColours).toEqual([
      'toolBar/gradient/colors',
    ]);
    expect(editPatch(defaults, 'toolBar/gradient/direction', 'top-to-bottom')).toEqual({ 'toolBar/gradient/direction': 'top-to-bottom' });
    // A colour field no brand colour reaches is never recorded.
    expect(editPatch(defaults, 'splashScreen/paneColor', '#112233')).toEqual({ 'splashScreen/paneColor': '#112233FF' });
  });

  it('undo puts the record back with the colour', () => {
    const patch = editPatch(defaults, 'measurementItem/priceFontColor', '#123456');
    expect(applied(defaults, patch).handSetColours).toEqual(['measurementItem/priceFontColor']);
    const undo = inversePatch(defaults, patch);
    expect(undo).toEqual({ 'measurementItem/priceFontColor': defaults.measurementItem.priceFontColor, handSetColours: [] });
    expect(isNoOp(defaults, undo)).toBe(true);
  });

  it('the record holds only derived paths: refused strictly, dropped when read tolerantly; older designs read with none', () => {
    expect(creationSchema.safeParse({ handSetColours: ['shop/name'] }).success).toBe(false);
    expect(creationSchema.parse({ handSetColours: ['admin/primary', 'admin/primary'] }).handSetColours).toEqual(['admin/primary']);
    expect(parseCreationTolerant({ handSetColours: ['shop/name', 'searchBar/button/background', 7] }).handSetColours).toEqual(['searchBar/button/background']);
    expect(parseCreationTolerant({ colors: { primary: '#FF0000' } }).handSetColours).toEqual([]);
  });

  it('starter templates keep their own colours until the merchant changes a brand colour', () => {
    const glow = STARTER_TEMPLATES.find((starter) => starter.templateId === 'glow-beauty');
    const design = creationSchema.parse(glow?.creation);
    // Read as they were made: nothing is derived on the way in.
    expect(design.measurementItem.priceFontColor).toBe(design.colors.primaryDark);
    expect(design.homeCategories.itemHighlight).toBe(design.colors.accentLight);
    const next = applied(design, editPatch(design, 'colors/primary', '#B71C1C'));
    expect(next.measurementItem.priceFontColor).toBe(RED.primary);
    expect(next.searchBar.button.background).toBe(RED.primary);
  });
});
