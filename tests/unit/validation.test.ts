import { describe, expect, it } from 'vitest';
import { isValidEmail, isValidPassword, isValidPhone, sanitizePhoneInput } from '@contract/validation';
import { loginSchema, registrationSchema, resetPasswordSchema } from '@contract/auth/schemas';

describe('email (spec section 5)', () => {
  it.each(['ada@shop.io', 'a.b-c@mail.example.com', 'x@[192.168.0.1]', '"odd name"@shop.ng', ' Ada@Shop.COM '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each([
    ['', 'empty'],
    ['a@b', 'no top-level part'],
    ['a@b.c', 'top-level part of one letter'],
    ['ada.shop.io', 'no @'],
    ['ada@shop.i0', 'digit in the top-level part'],
    ['ada@@shop.io', 'two @'],
    ['ada @shop.io', 'space in the local part'],
    ['@s.io', 'empty local part'],
  ])('rejects %s (%s)', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
  it('needs at least 5 characters', () => {
    expect('a@b.co'.length).toBe(6);
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@bc')).toBe(false);
  });
});

describe('phone (spec section 5)', () => {
  it.each(['2125551234', '12125551234', '+12125551234', '08031234567', '+2348031234567', '2348031234567', '+447911123456'])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });
  it.each(['12345678', '0803123', 'abcdefghij', '+0012345678', '1234567890123456'])('rejects %s', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
  it('is at least 9 characters', () => {
    expect(isValidPhone('91234567')).toBe(false);
    expect(isValidPhone('912345678')).toBe(true);
  });
  it('keeps the input numeric with at most 15 characters', () => {
    expect(sanitizePhoneInput('+1 (212) 555-1234')).toBe('+12125551234');
    expect(sanitizePhoneInput('12345678901234567890')).toBe('123456789012345');
    expect(sanitizePhoneInput('abc')).toBe('');
  });
});

describe('password (our rule: 8+ characters, a letter and a number)', () => {
  it.each([
    ['secret12', true],
    ['short1a', false],
    ['allletters', false],
    ['12345678', false],
    ['x'.repeat(127) + '1', true],
    ['x'.repeat(128) + '1', false],
  ])('%s -> %s', (password, valid) => {
    expect(isValidPassword(password)).toBe(valid);
  });
});

describe('registration payload', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ADA@shop.io',
    phoneNo: '08031234567',
    password: 'secret12',
    confirmPassword: 'secret12',
    grant_type: 'email' as const,
  };
  it('accepts a valid e-mail registration and lower-cases the e-mail', () => {
    const parsed = registrationSchema.parse(valid);
    expect(parsed.email).toBe('ada@shop.io');
    expect(parsed.role).toBe('user');
  });
  it('names each wrong field', () => {
    const result = registrationSchema.safeParse({ ...valid, email: 'nope', phoneNo: '12', confirmPassword: 'other123', firstName: ' ' });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['email', 'phoneNo', 'confirmPassword', 'firstName']));
  });
  it('lets social sign-in through with its 5-character password and the social id as phone', () => {
    const parsed = registrationSchema.safeParse({
      ...valid,
      grant_type: 'facebook',
      password: 'a1B2c',
      confirmPassword: undefined,
      phoneNo: '10211',
      facebookId: '10211',
      accessToken: 'token',
    });
    expect(parsed.success).toBe(true);
  });
  it('refuses social sign-in without the provider token', () => {
    expect(registrationSchema.safeParse({ ...valid, grant_type: 'facebook', facebookId: '1' }).success).toBe(false);
  });
});

describe('login and reset payloads', () => {
  it('needs e-mail and password for grant_type email', () => {
    expect(loginSchema.safeParse({ grant_type: 'email', email: 'ada@shop.io', password: 'x' }).success).toBe(true);
    expect(loginSchema.safeParse({ grant_type: 'email', email: 'ada@shop.io', password: '' }).success).toBe(false);
    expect(loginSchema.safeParse({ grant_type: 'password', email: 'ada@shop.io', password: 'x' }).success).toBe(false);
  });
  it('needs matching passwords on reset', () => {
    expect(resetPasswordSchema.safeParse({ token: 't'.repeat(20), password: 'secret12', confirmPassword: 'secret12' }).success).toBe(true);
    expect(resetPasswordSchema.safeParse({ token: 't'.repeat(20), password: 'secret12', confirmPassword: 'secret13' }).success).toBe(false);
  });
});
