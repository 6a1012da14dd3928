import { describe, expect, it, vi } from 'vitest';
import { parseRedirect, validateRootSearch } from '@/lib/search';
import { initials } from '@/features/users/model';
import { canRegister, canRequestReset } from '@/features/auth/forms';
import { EMPTY_REGISTER_VALUES, randomPassword, registerFieldChecks, type RegisterValues } from '@/features/auth/model';
import { parseOAuthHandshake, postOAuthHandshake, withoutOAuthParams } from '@/features/auth/oauth-handshake';
import { REFERRAL_STORAGE_KEY, clearReferralCode, getStoredReferralCode, rememberReferralCode, rememberReferralFromUrl } from '@/features/auth/referral-code';
import { profilePictureProblem } from '@/features/users/api/upload-profile-picture';

const VALID: RegisterValues = {
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@shop.io',
  phoneNo: '08031234567',
  password: 'secret123',
  confirmPassword: 'secret123',
};

describe('Register button (spec section 4)', () => {
  it('is enabled when every field validates and the box is ticked', () => {
    expect(canRegister(VALID, true)).toBe(true);
  });

  it('stays disabled without the privacy-policy box', () => {
    expect(canRegister(VALID, false)).toBe(false);
  });

  it('stays disabled on an empty form, ticked or not', () => {
    expect(canRegister(EMPTY_REGISTER_VALUES, true)).toBe(false);
    expect(canRegister(EMPTY_REGISTER_VALUES, false)).toBe(false);
  });

  it.each<[keyof RegisterValues, string]>([
    ['firstName', ''],
    ['firstName', '   '],
    ['lastName', ''],
    ['email', 'ada@shop'],
    ['email', 'a@b.'],
    ['email', 'ada.shop.io'],
    ['phoneNo', '12345678'],
    ['phoneNo', '0803123456789012'],
    ['password', 'short1'],
    ['password', 'lettersonly'],
    ['password', '1234567890'],
    ['confirmPassword', 'secret124'],
    ['confirmPassword', ''],
  ])('an invalid %s (%j) disables Register even with the box ticked', (field, value) => {
    const values = { ...VALID, [field]: value };
    if (field === 'password') values.confirmPassword = value;
    expect(registerFieldChecks(values)[field]).toBe(false);
    expect(canRegister(values, true)).toBe(false);
  });

  it('accepts the boundary values: a 5-character email and a 9-digit phone', () => {
    const values = { ...VALID, email: 'a@b.io', phoneNo: '+23480312' };
    expect(registerFieldChecks({ ...values, email: 'a@b.c' }).email).toBe(false);
    expect(registerFieldChecks({ ...VALID, phoneNo: '123456789' }).phoneNo).toBe(true);
    expect(registerFieldChecks({ ...VALID, email: 'a@b.io' }).email).toBe(true);
  });

  it('forgot-password needs a valid email', () => {
    expect(canRequestReset('ada@shop.io')).toBe(true);
    expect(canRequestReset('ada@')).toBe(false);
  });

  it('social sign-in password is 5 random characters', () => {
    expect(randomPassword()).toMatch(/^[A-Za-z0-9]{5}$/);
    expect(initials({ firstName: 'ada', lastName: 'obi' })).toBe('AO');
    expect(initials({})).toBe('?');
  });
});

describe('redirect search parameter', () => {
  it.each([
    ['/apps', '/apps'],
    ['/payments/ada-shop?tab=1', '/payments/ada-shop?tab=1'],
    ['//evil.example', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example/apps', undefined],
    ['apps', undefined],
    ['/apps\nx', undefined],
    [42, undefined],
    [undefined, undefined],
  ])('%j -> %j', (raw, expected) => {
    expect(parseRedirect(raw)).toBe(expected);
    expect(validateRootSearch({ redirect: raw }).redirect).toBe(expected);
  });

  it('accepts the login-view modes only', () => {
    expect(validateRootSearch({ 'login-view': 'forgot-password' })['login-view']).toBe('forgot-password');
    expect(validateRootSearch({ 'login-view': 'admin' })['login-view']).toBeUndefined();
  });
});

describe('browser-extension OAuth handshake (spec section 7)', () => {
  const state = encodeURIComponent(JSON.stringify({ tabId: 12, oauthProvider: 'google' }));

  it('reads code and state', () => {
    expect(parseOAuthHandshake(`?code=abc&state=${state}`)).toEqual({ type: 'PORTAL_OAUTH_CODE', code: 'abc', tabId: 12, oauthProvider: 'google' });
  });

  it.each([
    ['?code=abc'],
    [`?state=${state}`],
    ['?code=abc&state=not-json'],
    [`?code=abc&state=${encodeURIComponent(JSON.stringify({ tabId: 12 }))}`],
    [`?code=abc&state=${encodeURIComponent(JSON.stringify({ oauthProvider: 'google' }))}`],
    [`?code=abc&state=${encodeURIComponent('[1,2]')}`],
    [''],
  ])('ignores %s', (search) => {
    expect(parseOAuthHandshake(search)).toBeNull();
  });

  it('removes only code and state from the URL', () => {
    expect(withoutOAuthParams(`?code=abc&state=${state}&ref=ADA`)).toBe('?ref=ADA');
    expect(withoutOAuthParams(`?code=abc&state=${state}`)).toBe('');
  });

  it('posts to the page its own origin', () => {
    const post = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    postOAuthHandshake({ type: 'PORTAL_OAUTH_CODE', code: 'abc', tabId: 12, oauthProvider: 'google' });
    expect(post).toHaveBeenCalledWith({ type: 'PORTAL_OAUTH_CODE', code: 'abc', tabId: 12, oauthProvider: 'google' }, window.location.origin);
    post.mockRestore();
  });
});

describe('referral code storage (spec section 4 "Referral")', () => {
  it('keeps the first code seen until cleared', () => {
    expect(getStoredReferralCode()).toBeNull();
    rememberReferralCode(undefined);
    expect(getStoredReferralCode()).toBeNull();
    rememberReferralCode('ADA-1');
    rememberReferralCode('BOB-2');
    expect(getStoredReferralCode()).toBe('ADA-1');
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('ADA-1');
    clearReferralCode();
    expect(getStoredReferralCode()).toBeNull();
  });

  it('takes ?ref= or ?referrer= of the opening address, ignoring malformed codes', () => {
    rememberReferralFromUrl('?login-modal=true');
    expect(getStoredReferralCode()).toBeNull();
    rememberReferralFromUrl('?ref=%3Cscript%3E');
    expect(getStoredReferralCode()).toBeNull();
    rememberReferralFromUrl('?referrer=0123e45');
    expect(getStoredReferralCode()).toBe('0123e45');
    clearReferralCode();
    rememberReferralFromUrl('?ref=Ye7cpgkC&referrer=OTHER');
    expect(getStoredReferralCode()).toBe('Ye7cpgkC');
  });
});

describe('profile picture checks', () => {
  it.each([
    [{ type: 'image/png', size: 1000 }, null],
    [{ type: 'image/gif', size: 2 * 1024 * 1024 }, null],
    [{ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 }, 'The picture must be 2 MB or smaller.'],
    [{ type: 'image/svg+xml', size: 10 }, 'Choose a PNG, JPEG, WebP or GIF image.'],
  ])('%j -> %s', (file, expected) => {
    expect(profilePictureProblem(file)).toBe(expected);
  });
});
