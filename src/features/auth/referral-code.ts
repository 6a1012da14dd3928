import { parseReferralCode } from '@/lib/search';

/**
 * The referral code a visitor arrived with (?ref= or ?referrer=, spec section 4 "Referral"). Kept
 * in localStorage from the first visit that carries one until the referral is recorded: sent as
 * referredByCode on registration, or POSTed to /v1/referrals when already signed in.
 */
export const REFERRAL_STORAGE_KEY = 'portal-referred-by';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getStoredReferralCode(): string | null {
  return storage()?.getItem(REFERRAL_STORAGE_KEY) || null;
}

/** Keeps the first code seen: a later link does not replace the merchant who referred first. */
export function rememberReferralCode(code: string | undefined | null): void {
  if (!code || getStoredReferralCode()) return;
  storage()?.setItem(REFERRAL_STORAGE_KEY, code);
}

export function clearReferralCode(): void {
  storage()?.removeItem(REFERRAL_STORAGE_KEY);
}

/**
 * Remembers the code of the address the portal was opened with, before anything renders: a
 * visitor who follows a referral link and moves on at once must still count as referred. Later
 * in-app navigations with ?ref= are caught by SessionEffects.
 */
export function rememberReferralFromUrl(search: string): void {
  const params = new URLSearchParams(search);
  rememberReferralCode(parseReferralCode(params.get('ref') ?? undefined) ?? parseReferralCode(params.get('referrer') ?? undefined));
}
