/**
 * Spec section 7 "Other": the browser extension starts an OAuth flow whose redirect lands on a
 * portal page with ?code=...&state={"tabId":..,"oauthProvider":..}. The page hands the code to
 * the extension's content script with window.postMessage to its own origin.
 */
interface OAuthHandshake {
  type: 'PORTAL_OAUTH_CODE';
  code: string;
  tabId: number | string;
  oauthProvider: string;
}

export function parseOAuthHandshake(search: string): OAuthHandshake | null {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const rawState = params.get('state');
  if (!code || !rawState) return null;
  let state: unknown;
  try {
    state = JSON.parse(rawState);
  } catch {
    return null;
  }
  if (!state || typeof state !== 'object') return null;
  const { tabId, oauthProvider } = state as { tabId?: unknown; oauthProvider?: unknown };
  const validTab = (typeof tabId === 'number' && Number.isFinite(tabId)) || (typeof tabId === 'string' && tabId !== '');
  if (!validTab || typeof oauthProvider !== 'string' || oauthProvider === '') return null;
  return { type: 'PORTAL_OAUTH_CODE', code, tabId: tabId as number | string, oauthProvider };
}

/** The search string without code and state (with its leading '?', or '' when nothing is left). */
export function withoutOAuthParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('code');
  params.delete('state');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Posts the code to this page's origin, where only the extension's content script listens. */
export function postOAuthHandshake(message: OAuthHandshake, target: Window = window): void {
  target.postMessage(message, target.location.origin);
}
