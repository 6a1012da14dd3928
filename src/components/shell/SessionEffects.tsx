import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useRouter, useSearch } from '@tanstack/react-router';
import { useCredit } from '@/features/users/api/get-credit';
import { usePendingTransactions } from '@/features/payments/api/get-pending-transactions';
import { createReferral } from '@/features/referrals/api/create-referral';
import { referralsQueryOptions } from '@/features/referrals/api/get-referrals';
import { parseOAuthHandshake, postOAuthHandshake, withoutOAuthParams } from '@/features/auth/oauth-handshake';
import { clearReferralCode, getStoredReferralCode, rememberReferralCode } from '@/features/auth/referral-code';

/**
 * Spec section 4 "Startup" for the signed-in user (the profile is the session's own query; the
 * credit and the payments that need the merchant are loaded here), the referral code from any URL, and the browser-extension OAuth
 * handshake. Renders nothing.
 */
export function SessionEffects({ isLoggedIn }: { isLoggedIn: boolean }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  useCredit(isLoggedIn);
  usePendingTransactions(isLoggedIn);

  // Referral: remember ?ref= / ?referrer= until registration; a signed-in visitor records it now.
  const { ref, referrer } = useSearch({ from: '__root__' });
  const recording = useRef<string | null>(null);
  useEffect(() => {
    rememberReferralCode(ref ?? referrer);
    const code = getStoredReferralCode();
    if (!isLoggedIn || !code || recording.current === code) return;
    recording.current = code;
    createReferral(code)
      .then(() => queryClient.invalidateQueries({ queryKey: referralsQueryOptions().queryKey }))
      .catch(() => {}) // 404 unknown, 400 own code, 409 already referred: nothing to tell the merchant
      .finally(() => {
        clearReferralCode();
        recording.current = null;
      });
  }, [ref, referrer, isLoggedIn, queryClient]);

  // Browser-extension OAuth handshake: hand the code over, then drop it from the address bar.
  const location = useLocation();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const handshake = parseOAuthHandshake(location.searchStr);
    if (!handshake || handled.current === handshake.code) return;
    handled.current = handshake.code;
    postOAuthHandshake(handshake);
    router.history.replace(`${location.pathname}${withoutOAuthParams(location.searchStr)}${location.hash ? `#${location.hash}` : ''}`);
  }, [location.searchStr, location.pathname, location.hash, router]);

  return null;
}
