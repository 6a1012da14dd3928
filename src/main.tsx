import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { configureAuth } from '@/api/client';
import { createBrowserEmotionCache } from '@/app/emotion-cache';
import { AppRoot } from '@/app/AppRoot';
import { createRoot, hydrateRoot } from '@/app/react-dom-client';
import { takeOverPage } from '@/app/early-tap';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { rememberReferralFromUrl } from '@/features/auth/referral-code';
import { SERVED_DATA_ID } from '@contract/served-data';
import { endSession, resetUserData } from '@/lib/session/session';
import { SESSION_STORAGE_KEY, getToken, subscribeToToken } from '@/lib/session/token';
import { toast } from '@/lib/toast';

rememberReferralFromUrl(window.location.search);
const queryClient = createQueryClient();
// TanStack Query takes itself to be online until an 'offline' event. A start without a network
// would retry each refetch, fail it over the restored data, and not refetch once the network is back.
onlineManager.setOnline(navigator.onLine);
// Calls carry the user's bearer token when signed in; a 401 on it means the session is over.
configureAuth({
  token: getToken,
  onUnauthorized: (message) => {
    // Several calls can fail together on one expired token: end the session and say why once.
    if (!getToken()) return;
    endSession(queryClient);
    toast(message, { variant: 'error' });
  },
});
// Another tab signed in or out: the per-user data here belonged to the previous session.
window.addEventListener('storage', (event) => {
  if (event.key === SESSION_STORAGE_KEY || event.key === null) resetUserData(queryClient);
});

// The server's Content-Security-Policy allows runtime <style> elements only with this page's
// nonce: emotion (MUI) takes it through its cache, goober (notistack's toasts) from window.__nonce__.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
(window as { __nonce__?: string }).__nonce__ = nonce;
const emotionCache = createBrowserEmotionCache(document, nonce);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

/**
 * A public page arrives prerendered (server/src/web/prerendered.ts) for a visitor: React takes
 * over that HTML (hydration) instead of painting it again. A signed-in user's page differs from
 * the visitor's one (the nav bar, the account), as does one opened with the login dialog, so
 * those render afresh over it, as does every page the service worker answers (an empty #root).
 */
function hydratesPrerendered(root: HTMLElement): boolean {
  const prerendered = root.dataset.prerendered;
  if (!prerendered || getToken()) return false;
  const here = window.location.pathname.length > 1 ? window.location.pathname.replace(/\/+$/, '') : window.location.pathname;
  return here === prerendered && !new URLSearchParams(window.location.search).has('login-modal');
}

/** Runs once the first render (or the hydration) has committed. */
function OnFirstCommit({ children }: { children: ReactNode }) {
  useEffect(takeOverPage, []);
  return children;
}

/**
 * Ends the current task. The start's steps (the router, the served data, the route's load,
 * hydration) then run as tasks of their own instead of one long one (Lighthouse's Total Blocking
 * Time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The router's first load reads the signed-in user from the cache, so the persisted cache is
// restored before it starts (from localStorage: no wait to speak of). An offline start then
// still shows the signed-in shell.
// The persist client loads on start, beside the first screen's chunks (it is not in the initial JS).
const restored = Promise.all([import('@tanstack/react-query-persist-client'), import('@/app/persist-options')]).then(
  ([{ persistQueryClient }, { createPersistOptions }]) => {
    const options = createPersistOptions(window.localStorage);
    // The persister writes at most once a second: a reload or a closed tab within that second
    // would start from older data (offline, an older design). Leaving the page writes at once.
    const flush = () => options.persister.flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
    return persistQueryClient({ queryClient: queryClient as never, ...options })[1];
  },
);

/**
 * The router, built in the task after this module's: building the route tree and the history was
 * a third of the entry's one task (about 8 of 25 ms on the CI machine, without DevTools).
 */
async function startRouter() {
  await nextTask();
  const router = createAppRouter(queryClient);
  // However a session ends (logout, an expired token, another tab), the page on screen re-runs its
  // login check: a private one sends the merchant to the login prompt, and back after logging in.
  let token = getToken();
  subscribeToToken(() => {
    const previous = token;
    token = getToken();
    if (previous && !token) void router.invalidate();
  });
  return router;
}

void Promise.all([startRouter(), restored]).then(async ([router]) => {
  const app = (
    <StrictMode>
      <OnFirstCommit>
        <AppRoot emotionCache={emotionCache} queryClient={queryClient} router={router} />
      </OnFirstCommit>
    </StrictMode>
  );
  // Spec section 4 Startup: the profile is loaded afresh, and so is whatever else a page shows from
  // the restored cache: written by an earlier visit (perhaps seconds ago, before a change made on
  // another device), it only bridges the wait, or an offline start.
  void queryClient.invalidateQueries({ refetchType: 'none' });
  // Data the server rendered this page with (src/lib/served-data.ts) replaces what the restored
  // cache had for it: the first render must show what the HTML shows.
  if (document.getElementById(SERVED_DATA_ID)) {
    // Loaded only here (the gallery's own chunk imports it too): not in every page's initial JS.
    const { applyServedData, servedDataInDocument } = await import('@/lib/served-data');
    const served = servedDataInDocument();
    if (served) applyServedData(queryClient, served);
    await nextTask();
  }
  if (hydratesPrerendered(container)) {
    // Hydration needs the page's route chunk loaded and its loaders run, as the prerender had.
    await router.load();
    await nextTask();
    // A transition yields to the browser every few milliseconds instead of one long task
    // (Lighthouse's Total Blocking Time); the prerendered page is on screen meanwhile.
    startTransition(() => {
      hydrateRoot(container, app);
    });
    return;
  }
  const root = createRoot(container);
  // A transition render yields to the browser every few milliseconds instead of one long task.
  startTransition(() => {
    root.render(app);
  });
});
