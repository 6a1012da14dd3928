/**
 * Social sign-in: the server never trusts a provider id sent by the browser; it asks the
 * provider whether the access token is valid for our app and whose it is.
 */
import type { Config } from '../config';

export interface SocialProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  picture: string | null;
}

export interface SocialVerifier {
  /** The profile behind a Facebook access token issued for our app; null when it is not valid. */
  verifyFacebook(accessToken: string): Promise<SocialProfile | null>;
}

const GRAPH_URL = 'https://graph.facebook.com/v21.0';
const TIMEOUT_MS = 5000;

interface DebugTokenAnswer {
  data?: { is_valid?: boolean; app_id?: string; user_id?: string };
}

interface MeAnswer {
  id?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  picture?: { data?: { url?: string } };
}

async function getJson<T>(fetchImpl: typeof fetch, url: URL): Promise<T | null> {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) return null;
  return (await response.json()) as T;
}

/** The Graph API verifier: debug_token with the app token, then /me. */
export function createFacebookVerifier(config: Pick<Config, 'FACEBOOK_APP_ID' | 'FACEBOOK_APP_SECRET'>, fetchImpl: typeof fetch = fetch): SocialVerifier {
  return {
    async verifyFacebook(accessToken) {
      const { FACEBOOK_APP_ID: appId, FACEBOOK_APP_SECRET: appSecret } = config;
      if (!appId || !appSecret) return null;
      const debug = new URL(`${GRAPH_URL}/debug_token`);
      debug.searchParams.set('input_token', accessToken);
      debug.searchParams.set('access_token', `${appId}|${appSecret}`);
      const checked = await getJson<DebugTokenAnswer>(fetchImpl, debug);
      // A token of another app must not sign anyone in here.
      if (!checked?.data?.is_valid || checked.data.app_id !== appId) return null;

      const me = new URL(`${GRAPH_URL}/me`);
      me.searchParams.set('fields', 'id,first_name,last_name,email,picture');
      me.searchParams.set('access_token', accessToken);
      const profile = await getJson<MeAnswer>(fetchImpl, me);
      if (!profile?.id || profile.id !== checked.data.user_id) return null;
      return {
        id: profile.id,
        firstName: profile.first_name ?? '',
        lastName: profile.last_name ?? '',
        email: profile.email?.toLowerCase() ?? null,
        picture: profile.picture?.data?.url ?? null,
      };
    },
  };
}
