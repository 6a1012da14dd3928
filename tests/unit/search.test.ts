import { describe, expect, it } from 'vitest';
import { loginTabFor, parseLoginModal, parseReferralCode, validateRootSearch } from '@/lib/search';

function validate(input: Record<string, unknown>) {
  return validateRootSearch(input);
}

describe('root search validation', () => {
  it.each([
    [true, true],
    ['true', true],
    ['1', true],
    [1, true],
    ['', true],
    [false, false],
    ['false', false],
    ['0', false],
    [0, false],
  ])('login-modal %j -> %s', (raw, expected) => {
    expect(parseLoginModal(raw)).toBe(expected);
    expect(validate({ 'login-modal': raw })['login-modal']).toBe(expected);
  });

  it.each([['yes'], [2], [{ open: true }], [['true']], [null]])('drops login-modal %j instead of failing', (raw) => {
    expect(validate({ 'login-modal': raw })['login-modal']).toBeUndefined();
  });

  it('keeps ref and referrer codes, numbers included', () => {
    expect(validate({ ref: 'ADA-42', referrer: 12345 })).toMatchObject({ ref: 'ADA-42', referrer: '12345' });
    expect(parseReferralCode('  abc_1 ')).toBe('abc_1');
  });

  it.each([[''], ['has space'], ['<script>'], ['x'.repeat(65)], [{ code: 'a' }], [true]])('drops referral code %j', (raw) => {
    const value = validate({ ref: raw, referrer: raw });
    expect(value.ref).toBeUndefined();
    expect(value.referrer).toBeUndefined();
  });

  it('accepts a search without any of them', () => {
    expect(validate({})).toEqual({});
  });

  it('keeps the login-tab values only', () => {
    expect(validate({ 'login-tab': 'register' })['login-tab']).toBe('register');
    expect(validate({ 'login-tab': 'admin' })['login-tab']).toBeUndefined();
  });
});

describe('the login tab a private page opens on (issue 27)', () => {
  it.each([
    ['/new-app/setup', 'register'],
    ['/new-app', 'register'],
    ['/new-app/category-selection', 'register'],
    ['/apps', 'login'],
    ['/billing', 'login'],
    ['/new-apps', 'login'],
  ])('%s -> %s', (path, tab) => {
    expect(loginTabFor(path)).toBe(tab);
  });
});
