/**
 * The one place that says what text the API accepts. Every string field of every request schema
 * is built here: control characters and NUL are refused (tab and newline only in multi-line
 * free text), values are trimmed, and every field has a length cap, so nothing unbounded or
 * unprintable reaches the database, a log line or an e-mail header.
 */
import { z } from './zod';
import { CONSTANTS } from './constants';
import { hasControlCharacters } from './control-characters';
import { FIELD_MESSAGES, isValidEmail, isValidPhone } from './validation';

/** Length caps, in characters. */
export const TEXT_LIMITS = {
  /** RFC 5321: an address fits in 254 characters. */
  email: 254,
  name: 80,
  /** Spec section 9: phone max length 15. */
  phone: CONSTANTS.phoneMaxLength,
  shortText: 200,
  longText: 2000,
  password: 128,
  /** Referral codes and other short codes. */
  code: 64,
  /** A social provider's user id (also sent as phoneNo by social sign-in). */
  socialId: 128,
  /** One-time link tokens. */
  token: 512,
  /** Session tokens, provider access tokens, push tokens. */
  longToken: 4096,
} as const;

export const TEXT_MESSAGES = {
  controlCharacters: (label: string) => `${label} must not contain control characters or NUL bytes`,
  controlCharactersMultiLine: (label: string) => `${label} must not contain control characters other than tab and newline`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  notText: (label: string) => `${label} must be text`,
} as const;

export interface TextOptions {
  /** How a message names the field, e.g. 'First Name'. */
  label: string;
  max: number;
  /** At least this many characters after trimming (default 0). */
  min?: number;
  /** Free text over several lines: tab and newline are allowed. */
  multiLine?: boolean;
  /** Trim surrounding white space (default true; passwords keep theirs). */
  trim?: boolean;
  /** The message for a missing or non-string value (default: '<label> must be text'). */
  error?: string;
}

/**
 * A string field: capped first (a megabyte of input is refused before anything else looks at
 * it), then refused if it holds a control character, then trimmed.
 */
export function text({ label, max, min = 0, multiLine = false, trim = true, error }: TextOptions) {
  let schema = z
    .string({ error: error ?? TEXT_MESSAGES.notText(label) })
    .max(max, { error: TEXT_MESSAGES.tooLong(label, max), abort: true })
    .refine((value) => !hasControlCharacters(value, { multiLine }), {
      error: multiLine ? TEXT_MESSAGES.controlCharactersMultiLine(label) : TEXT_MESSAGES.controlCharacters(label),
      abort: true,
    });
  if (trim) schema = schema.trim();
  if (min === 1) schema = schema.min(1, { error: error ?? FIELD_MESSAGES.required(label) });
  else if (min > 1) schema = schema.min(min, { error: `${label} must be at least ${min} characters` });
  return schema;
}

/** An optional single-line value that may be cleared with null (push tokens, device ids). */
export function optionalText(label: string, max: number) {
  return text({ label, max }).optional().nullable();
}

/** A single-line name (first name, last name): 1 to 80 characters. */
export function nameText(label: string) {
  return text({ label, max: TEXT_LIMITS.name, min: 1, error: FIELD_MESSAGES.required(label) });
}

/** Short single-line free text (up to 200 characters). */
export function shortText(label: string) {
  return text({ label, max: TEXT_LIMITS.shortText });
}

/** Long free text over several lines (up to 2000 characters). */
export function longText(label: string) {
  return text({ label, max: TEXT_LIMITS.longText, multiLine: true });
}

/** An opaque token or code: never trimmed into another value, at most `max` characters. */
export function tokenText(label: string, max: number = TEXT_LIMITS.token, min = 1) {
  return text({ label, max, min, error: `${label} is required` });
}

/** An e-mail address (spec section 5), at most 254 characters, stored lower-cased. */
export function emailText() {
  return text({ label: 'Email', max: TEXT_LIMITS.email, error: FIELD_MESSAGES.email })
    .refine(isValidEmail, FIELD_MESSAGES.email)
    .transform((value) => value.toLowerCase());
}

/** A phone number (spec section 5): 9 to 15 characters of a known pattern. */
export function phoneText() {
  return text({ label: 'Phone No', max: TEXT_LIMITS.phone, error: FIELD_MESSAGES.phone }).refine(isValidPhone, FIELD_MESSAGES.phone);
}

/** A password as typed: not trimmed, at most 128 characters, no control characters. */
export function passwordText(error: string = FIELD_MESSAGES.passwordMissing) {
  return text({ label: 'Password', max: TEXT_LIMITS.password, trim: false, error });
}
