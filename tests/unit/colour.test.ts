import { describe, expect, it } from 'vitest';
import {
  darken,
  deriveAccent,
  deriveBackground,
  derivePrimary,
  lighten,
  luminosity,
  mobileToWeb,
  normaliseColour,
  parseColour,
  textOn,
  webToMobile,
} from '@contract/colour';

describe('colour formats (web #RRGGBBAA <-> mobile 0xAARRGGBB)', () => {
  it.each([
    ['#4F46E5FF', '0xFF4F46E5'],
    ['#00000000', '0x00000000'],
    ['#FFFFFF80', '0x80FFFFFF'],
    ['#12345678', '0x78123456'],
  ])('%s <-> %s', (web, mobile) => {
    expect(webToMobile(web)).toBe(mobile);
    expect(mobileToWeb(mobile)).toBe(web);
  });

  it('is lossless both ways for every alpha and channel value', () => {
    for (let n = 0; n < 256; n += 1) {
      const web = `#${[n, 255 - n, (n * 7) % 256, (n * 13) % 256].map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
      expect(mobileToWeb(webToMobile(web) as string)).toBe(web);
      const mobile = webToMobile(web) as string;
      expect(webToMobile(mobileToWeb(mobile) as string)).toBe(mobile);
    }
  });

  it('accepts #RGB and #RRGGBB as opaque, any case, and refuses the rest', () => {
    expect(normaliseColour('#fa0')).toBe('#FFAA00FF');
    expect(normaliseColour('#ffaa00')).toBe('#FFAA00FF');
    expect(webToMobile('#fa0')).toBe('0xFFFFAA00');
    expect(normaliseColour('0xff336699')).toBe('#336699FF');
    for (const bad of ['', 'red', '#12', '#12345', '#1234567', '0x123456', 'FF336699', '#GGGGGG', '0xFF3366990']) {
      expect(parseColour(bad)).toBeUndefined();
    }
  });
});

describe('colour derivation (spec section 4: 30% steps, luminosity 0.55)', () => {
  it('primary derives a darker and a lighter shade, one 30% lightness step each', () => {
    // hsl(0, 100%, 50%): lightness 50% -> 35% and 65%
    const derived = derivePrimary('#FF0000');
    expect(derived.primary).toBe('#FF0000FF');
    expect(derived.primaryDark).toBe('#B30000FF');
    expect(derived.primaryLight).toBe('#FF4D4DFF');
    expect(darken('#808080')).toBe('#5A5A5AFF');
    expect(lighten('#808080')).toBe('#A6A6A6FF');
    expect(lighten('#FFFFFF')).toBe('#FFFFFFFF');
    expect(darken('#00000000')).toBe('#00000000');
  });

  it('toolbar text is white below luminosity 0.55, black from 0.55 up', () => {
    // Greys around the threshold: #C0C0C0 is 0.527, #C4C4C4 is 0.552.
    expect(luminosity('#C0C0C0')).toBeLessThan(0.55);
    expect(luminosity('#C4C4C4')).toBeGreaterThan(0.55);
    expect(derivePrimary('#C0C0C0').toolBarForeground).toBe('#FFFFFFFF');
    expect(derivePrimary('#C4C4C4').toolBarForeground).toBe('#000000FF');
    expect(textOn('#000000')).toBe('#FFFFFFFF');
    expect(textOn('#FFFFFF')).toBe('#000000FF');
    expect(luminosity('#FFFFFF')).toBeCloseTo(1);
  });

  it('accent gets the same shades; background derives the body colour', () => {
    expect(deriveAccent('#FF0000')).toEqual({ accent: '#FF0000FF', accentDark: '#B30000FF', accentLight: '#FF4D4DFF' });
    expect(deriveBackground('#FFFFFF').bodyColor).toBe('#212121FF');
    expect(deriveBackground('#101010').bodyColor).toBe('#F5F5F5FF');
  });
});
