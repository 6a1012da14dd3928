/** Issue 27: the design editor speaks the merchant's words (no addresses, no bare theme letters). */
import { describe, expect, it } from 'vitest';
import { defaultCreation } from '@contract/design/schemas';
import { sectionControls } from '@/features/design/editor/controls';
import { EDITOR_SECTIONS, THEME_NAMES, themeName } from '@/features/design/editor/section-map';

const controls = EDITOR_SECTIONS.flatMap((section) => sectionControls(section, defaultCreation()));

describe('the design editor’s wording', () => {
  it('names every option of every theme picker, each name once per picker', () => {
    const pickers = controls.filter((control) => control.kind === 'theme');
    expect(pickers.length).toBeGreaterThan(5);
    for (const picker of pickers) {
      const names = picker.options.map((option) => themeName(picker.path, option));
      expect(
        names.filter((name) => /^Theme [A-Z]$/.test(name)),
        picker.path,
      ).toEqual([]);
      expect(new Set(names).size, picker.path).toBe(names.length);
      expect(Object.keys(THEME_NAMES[picker.path] ?? {}).sort(), picker.path).toEqual([...picker.options].sort());
    }
    expect(themeName('splashScreen/theme', 'theme_f')).toBe('Ripples');
    expect(themeName('no/such/theme', 'theme_b')).toBe('Theme B');
  });

  it('shows the logo as a picture, never as a text field holding its address', () => {
    const logo = controls.find((control) => control.path === 'shop/logo');
    expect(logo).toEqual({ kind: 'image', path: 'shop/logo', label: 'Logo' });
    expect(controls.some((control) => /url/i.test(control.label))).toBe(false);
  });
});
