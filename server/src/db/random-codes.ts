/** Random public codes: url-safe, unguessable, and short enough to type or share. */
import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LOWER_ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomText(alphabet: string, length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** A user's referral code, shared as ?ref=<code>: 8 of [A-Za-z0-9] (62^8 values). */
export function newReferralCode(): string {
  return randomText(ALPHANUMERIC, 8);
}

/** The gateways' customer reference: 'CUS_' and 16 lower-case alphanumerics. */
export function newCustomerCode(): string {
  return `CUS_${randomText(LOWER_ALPHANUMERIC, 16)}`;
}
