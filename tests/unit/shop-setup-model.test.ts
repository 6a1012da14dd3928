import { describe, expect, it } from 'vitest';
import { aliasCandidate, ALIAS_PATTERN, SLUG_MAX } from '@contract/shops/alias';
import { SHOP_SETUP_MESSAGES, shopSetupError } from '@contract/shops/setup-checks';
import { createShopPayload, EMPTY_SETUP_FORM, nameHint, setupMessage, shopDraft, type SetupForm } from '@/features/shops/model';

const LAGOS = { name: 'Lagos', description: 'Lagos, Nigeria', latitude: 6.45407, longitude: 3.39467, countryCode: 'NG' };
const VALID: SetupForm = { name: 'Ada Foods', logo: '/uploads/shop-media/0123456789abcdef0123456789abcdef.webp', place: LAGOS, currencyId: 7 };

describe('shop setup checks (spec section 5), in order', () => {
  it('1. nothing entered: Please set up your business', () => {
    expect(shopDraft(EMPTY_SETUP_FORM)).toBeNull();
    expect(setupMessage(EMPTY_SETUP_FORM)).toBe(SHOP_SETUP_MESSAGES.shop);
    expect(shopSetupError(null)).toBe('Please set up your business');
  });

  it('2. name: 2 characters fail, 3 pass (after trimming)', () => {
    expect(setupMessage({ ...VALID, name: 'ab' })).toBe('Please enter a business name');
    expect(setupMessage({ ...VALID, name: '  ab  ' })).toBe('Please enter a business name');
    expect(setupMessage({ ...VALID, name: 'abc' })).toBeNull();
    // The name is checked before everything after it.
    expect(setupMessage({ name: 'ab', logo: '', place: null, currencyId: 0 })).toBe('Please enter a business name');
  });

  it('3. logo: empty or 2 characters fail, 3 pass', () => {
    expect(setupMessage({ ...VALID, logo: '' })).toBe('Please upload a business logo');
    expect(shopSetupError({ name: 'Ada Foods', logo: 'ab', latitude: 6.45, longitude: 3.39, shopCurrency: { currencyId: 1 } })).toBe(
      'Please upload a business logo',
    );
    expect(shopSetupError({ name: 'Ada Foods', logo: 'abc', latitude: 6.45, longitude: 3.39, shopCurrency: { currencyId: 1 } })).toBeNull();
    expect(setupMessage({ ...VALID, logo: '', currencyId: 0 })).toBe('Please upload a business logo');
  });

  it('4. address: missing latitude or longitude, or one shorter than 3 characters', () => {
    expect(setupMessage({ ...VALID, place: null })).toBe('Please enter a business address');
    const base = { name: 'Ada Foods', logo: 'abc', shopCurrency: { currencyId: 1 } };
    expect(shopSetupError({ ...base, latitude: 6.4, longitude: 12 })).toBe('Please enter a business address');
    expect(shopSetupError({ ...base, latitude: 6.4, longitude: 123 })).toBeNull();
    expect(shopSetupError({ ...base, latitude: '', longitude: '3.39' })).toBe('Please enter a business address');
    expect(setupMessage({ ...VALID, place: null, currencyId: 0 })).toBe('Please enter a business address');
  });

  it('5. currencyId 0 is no currency; 1 is one', () => {
    expect(setupMessage({ ...VALID, currencyId: 0 })).toBe('Please select a currency for your business');
    expect(setupMessage({ ...VALID, currencyId: 1 })).toBeNull();
  });

  it('builds the POST /v1/shops payload with the address and the shop position', () => {
    expect(createShopPayload({ ...VALID, name: '  Ada Foods ' })).toEqual({
      name: 'Ada Foods',
      logo: VALID.logo,
      latitude: LAGOS.latitude,
      longitude: LAGOS.longitude,
      address: { name: 'Lagos', description: 'Lagos, Nigeria', latitude: LAGOS.latitude, longitude: LAGOS.longitude },
      shopCurrency: { currencyId: 7 },
    });
  });

  it('says whether the typed name is free only for the name it was asked about', () => {
    const taken = {
      shopName: 'Ada Foods',
      slugName: 'ada-foods',
      available: false,
      message: 'A shop with this name already exists. Please choose another name.',
    };
    expect(nameHint('Ada Foods', taken)).toEqual({ error: true, text: taken.message });
    expect(nameHint('Ada Food', taken)).toBeNull();
    expect(nameHint('Ada Foods', { ...taken, available: true, message: null })?.error).toBe(false);
  });
});

describe('alias derivation', () => {
  it('keeps the slug first, then -2, -3 ... within the length limit', () => {
    expect(aliasCandidate('ada-foods', 1)).toBe('ada-foods');
    expect(aliasCandidate('ada-foods', 2)).toBe('ada-foods-2');
    const long = 'a'.repeat(SLUG_MAX);
    expect(aliasCandidate(long, 12)).toHaveLength(SLUG_MAX);
    expect(aliasCandidate(long, 12).endsWith('-12')).toBe(true);
    expect(aliasCandidate(`${'a'.repeat(SLUG_MAX - 3)}-bb`, 3)).toMatch(ALIAS_PATTERN);
  });

  it('accepts only URL-safe aliases', () => {
    for (const alias of ['ada-foods', 'shop-2', 'a1']) expect(ALIAS_PATTERN.test(alias), alias).toBe(true);
    for (const alias of ['Ada', 'ada--foods', '-ada', 'ada-', 'ada foods', 'ada/../x', '']) expect(ALIAS_PATTERN.test(alias), alias).toBe(false);
  });
});
