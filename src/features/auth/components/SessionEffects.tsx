import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useRouter, useSearch } from '@tanstack/react-router';
import { toast } from '@/app/toast';
import { ApiError } from '@/api/client';
import { createReferral } from '@/features/referrals/api/create-referral';
import { REFERRALS_QUERY_KEY } from '@/features/referrals/api/get-referrals';
import { useCredit } from '../api/get-credit';
import { useMe } from '../api/get-me';
import { parseOAuthHandshake, postOAuthHandshake, withoutOAuthParams } from '../oauth-handshake';
import { clearReferralCode, getStoredReferralCode, rememberReferralCode } from '../referral-code';
import { getSession, setSession, useSession } from '../session';
import { endSession } from '../session-lifecycle';

/**
 * Spec section 4 "Startup" for the signed-in user (profile and credit), the referral code from
 * any URL, and the browser-extension OAuth handshake. Renders nothing.
 */
export function SessionEffects() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { isLoggedIn } = useSession();
  const me = useMe(isLoggedIn);
  useCredit(isLoggedIn);

  // The fresh profile replaces the stored one (the token stays).
  useEffect(() => {
    const { token } = getSession();
    if (me.data && token) setSession({ user: me.data, token });
  }, [me.data]);

  // "Current-user load failure: the user is logged out." Offline (status 0) keeps the session.
  useEffect(() => {
    if (!me.error) return;
    if (me.error instanceof ApiError && me.error.status === 0) return;
    endSession(queryClient);
    toast("Error while getting user's account", { variant: 'error' });
  }, [me.error, queryClient]);

  // Referral: remember ?ref= / ?referrer= until registration; a signed-in visitor records it now.
  const { ref, referrer } = useSearch({ from: '__root__' });
  const recording = useRef<string | null>(null);
  useEffect(() => {
    rememberReferralCode(ref ?? referrer);
    const code = getStoredReferralCode();
    if (!isLoggedIn || !code || recording.current === code) return;
    recording.current = code;
    createReferral(code)
      .then(() => queryClient.invalidateQueries({ queryKey: REFERRALS_QUERY_KEY }))
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
