/**
 * Every rate limit of the API in one place (docs/api.md and docs/security.md describe them). Counts
 * live in Redis when REDIS_URL is set, else in this process's memory.
 *
 * Login lockout scheme (a stranger's guesses must not lock the owner out):
 * - per account and address: 5 attempts in 15 minutes;
 * - per address: 20 attempts in 15 minutes, whatever the accounts;
 * - per account across every address: 100 attempts an hour, from which addresses where the
 *   account logged in successfully in the last 30 days are exempt (kept as an HMAC in the
 *   database), so the owner still gets in from home while a botnet guesses elsewhere.
 * Every attempt is counted before the password is checked; a success clears its account-and-
 * address count.
 */
import type { RedisClient } from '../redis';
import { createLimiter, type Limiter } from './rate-limit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  loginPerAccountAddress: { limit: 5, windowMs: 15 * MINUTE },
  loginPerAddress: { limit: 20, windowMs: 15 * MINUTE },
  loginPerAccount: { limit: 100, windowMs: HOUR },
  // 20, not 5: offices and mobile carriers put many people behind one address (and the journeys
  // register a dozen merchants from localhost).
  registrationsPerAddress: { limit: 20, windowMs: HOUR },
  resetsPerEmail: { limit: 5, windowMs: HOUR },
  resetsPerAddress: { limit: 20, windowMs: HOUR },
  emailsPerUser: { limit: 5, windowMs: HOUR },
  emailsPerAddress: { limit: 20, windowMs: HOUR },
  invitesPerUser: { limit: 10, windowMs: HOUR },
  invitesPerAddress: { limit: 30, windowMs: HOUR },
  contactPerAddress: { limit: 5, windowMs: HOUR },
} as const;

type LimitName = keyof typeof LIMITS;
export type Limits = Record<LimitName, Limiter>;

/** How long a successful login keeps its address exempt from the account-wide login limit. */
export const KNOWN_ADDRESS_DAYS = 30;

/** Kebab-case Redis names: rate:login-per-account-address:<sha256>. */
const redisName = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export function createLimits(redis: RedisClient | null): Limits {
  const entries = Object.entries(LIMITS).map(([name, options]) => [name, createLimiter(redis, redisName(name), options)]);
  return Object.fromEntries(entries) as Limits;
}

/** The key of an (account, address) pair. */
export const pairKey = (account: string, address: string) => `${account}\n${address}`;
