// zod/mini: the same Standard Schema validation at a fraction of the bytes, since every page loads it.
import { z } from 'zod/mini';

/**
 * Search parameters every page accepts (spec sections 1-2): `login-modal` opens the login
 * prompt, `ref`/`referrer` carry a referral code. The router parses values as JSON first, so
 * `?login-modal=true` arrives as a boolean and `?ref=123` as a number. A value that does not fit
 * is dropped, so a bad link still shows its page rather than an error.
 */
const TRUE_VALUES = new Set<unknown>([true, 'true', '1', 1, '']);
const FALSE_VALUES = new Set<unknown>([false, 'false', '0', 0]);
const REFERRAL_CODE = /^[\w-]{1,64}$/;

export function parseLoginModal(value: unknown): boolean | undefined {
  if (TRUE_VALUES.has(value)) return true;
  if (FALSE_VALUES.has(value)) return false;
  return undefined;
}

export function parseReferralCode(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const code = String(value).trim();
  return REFERRAL_CODE.test(code) ? code : undefined;
}

const loginModal = z.catch(
  z.optional(z.pipe(z.union([z.boolean(), z.string(), z.number()]), z.transform((value: boolean | string | number) => parseLoginModal(value)))),
  undefined,
);
const referralCode = z.catch(
  z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform((value: string | number) => parseReferralCode(value)))),
  undefined,
);

export const rootSearchSchema = z.object({
  'login-modal': loginModal,
  ref: referralCode,
  referrer: referralCode,
});

export type RootSearch = z.output<typeof rootSearchSchema>;
