/**
 * Spec section 5 validation rules, shared by the portal (live field feedback) and the server
 * (the final word). Pure functions: unit-tested in tests/unit/validation.test.ts.
 */
import { CONSTANTS } from './constants';

/** The field messages of spec section 5's rules, shown by the portal's forms and answered by the server. */
export const FIELD_MESSAGES = {
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  password: 'Password must be at least 8 characters with a letter and a number',
  passwordMissing: 'Please enter a password',
  passwordsDiffer: 'Passwords do not match',
  required: (label: string) => `${label} is required`,
} as const;

/**
 * Local part, @, then a domain whose top-level part has 2+ letters, or a bracketed IPv4.
 */
const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length >= CONSTANTS.emailMinLength && email.includes('@') && EMAIL_PATTERN.test(email);
}

/** US (10 digits, optional leading 1), Nigerian (0 or 234 then 7/8/9, 0/1, 8 digits), generic international E.164. */
const PHONE_PATTERNS = [/^(\+?1)?[2-9]\d{2}[2-9]\d{6}$/, /^(\+?234|0)[789][01]\d{8}$/, /^\+?[1-9]\d{8,14}$/];

export function isValidPhone(value: string): boolean {
  const phone = value.trim();
  return phone.length >= CONSTANTS.phoneMinLength && phone.length <= CONSTANTS.phoneMaxLength && PHONE_PATTERNS.some((pattern) => pattern.test(phone));
}

/** Keeps what a numeric phone input may hold: digits and one leading +, at most 15 characters. */
export function sanitizePhoneInput(value: string): string {
  const plus = value.trimStart().startsWith('+') ? '+' : '';
  return (plus + value.replace(/\D/g, '')).slice(0, CONSTANTS.phoneMaxLength);
}

/**
 * Password rules are not in the spec; ours: 8 to 128 characters with at least one letter and
 * one digit. Each rule is listed so the form can show which ones are met.
 */
export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (v: string) => v.length >= 8 && v.length <= 128 },
  { id: 'letter', label: 'At least one letter', test: (v: string) => /[A-Za-z]/.test(v) },
  { id: 'digit', label: 'At least one number', test: (v: string) => /\d/.test(v) },
] as const;

export function isValidPassword(value: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(value));
}

export function isValidName(value: string): boolean {
  const name = value.trim();
  return name.length >= 1 && name.length <= 80;
}
