import { type CSSProperties, lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useNavigate, useSearch } from '@tanstack/react-router';
import type { AuthResult } from '@contract/auth/schemas';
import { endSession, useSession } from '@/lib/session/session';
import { useReportedHeight } from '@/lib/use-reported-height';
import { NavBar } from './NavBar';

// Not part of the first screen, so not of the initial JS (issue #11: at most 165 kB gzip): the
// footer (below the fold; a prerendered page's footer is there in the HTML and hydrates when
// its chunk arrives), the route progress bar (only while navigating), the chat, the service
// worker's update prompt and the offline indicator. They load right after the first render.
const SiteFooter = lazy(() => import('./SiteFooter').then((module) => ({ default: module.SiteFooter })));
const RouteProgress = lazy(() => import('./RouteProgress').then((module) => ({ default: module.RouteProgress })));
const OfflineIndicator = lazy(() => import('./OfflineIndicator').then((module) => ({ default: module.OfflineIndicator })));
const ChatMount = lazy(() => import('@/features/chat/components/ChatMount').then((module) => ({ default: module.ChatMount })));
const PwaUpdatePrompt = lazy(() => import('@/app/PwaUpdatePrompt'));
// Effects only (the credit, a referral code, the OAuth handshake): they run once it has loaded.
const SessionEffects = lazy(() => import('./SessionEffects').then((module) => ({ default: module.SessionEffects })));

// Modal-based pieces load on first use: they are not needed to show the first page.
const SideDrawer = lazy(() => import('./SideDrawer').then((module) => ({ default: module.SideDrawer })));
const LogoutDialog = lazy(() => import('./LogoutDialog').then((module) => ({ default: module.LogoutDialog })));
// The post-login steps load with the modal (only a login starts a session), not with every page.
const loadPostLogin = () => import('@/app/post-login');
const LoginModal = lazy(() => {
  void loadPostLogin();
  return import('@/features/auth/components/LoginModal');
});
// Only for a signed-in user who still has to verify: not part of a visitor's first paint.
const VerificationBanner = lazy(() => import('@/features/auth/components/VerificationBanner').then((module) => ({ default: module.VerificationBanner })));

const MAIN_ID = 'main-content';
/** The banner's height, measured: three lines on a 390 px phone, one from 600 px up (320 px: 108). */
const BANNER_HEIGHT_XS = 88;
const BANNER_HEIGHT_SM = 60;

/**
 * `--app-bar-height`: how much of the top of the window the fixed bar covers (MUI's toolbar
 * heights plus the verification banner's), for what must stay clear of it (a sticky phone).
 */
const APP_BAR_HEIGHT = {
  '--app-bar-height': 'calc(56px + var(--banner-height, 0px))',
  '@media (min-width: 0px) and (orientation: landscape)': { '--app-bar-height': 'calc(48px + var(--banner-height, 0px))' },
  '@media (min-width: 600px)': { '--app-bar-height': 'calc(64px + var(--banner-height, 0px))' },
} as const;

/**
 * Holds the verification banner's place (its colour and its measured height) while its chunk
 * loads, so the page below does not jump down when the banner arrives (a tap aimed at a button
 * would land above it). The banner then reports its own height.
 */
function BannerPlaceholder({ onHeightChange }: { onHeightChange: (height: number) => void }) {
  const ref = useReportedHeight<HTMLDivElement>(onHeightChange);
  return <Box ref={ref} aria-hidden sx={{ height: { xs: BANNER_HEIGHT_XS, sm: BANNER_HEIGHT_SM }, bgcolor: 'warning.main' }} />;
}

/** The root layout: every page renders inside this shell (spec section 2 "Navigation"). */
export function AppShell() {
  const { isLoggedIn, user, token } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = useSearch({ from: '__root__' });
  const loginOpen = search['login-modal'] === true && !isLoggedIn;
  const closeLogin = () =>
    void navigate({
      to: '.',
      search: (prev) => ({ ...prev, 'login-modal': undefined, 'login-view': undefined, 'login-tab': undefined, redirect: undefined }),
      replace: true,
    });
  // A login or registration succeeded: start the session, then continue to the page a private
  // route sent the visitor from, else stay.
  const authenticated = async (result: AuthResult) => {
    (await loadPostLogin()).signIn(queryClient, result);
    if (search.redirect) void navigate({ href: search.redirect, replace: true });
    else closeLogin();
  };
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  // The fixed bar grows by the banner's height; the page starts that much lower.
  const [bannerHeight, setBannerHeight] = useState(0);
  const bannerUser = isLoggedIn && user?.requiresVerification ? user : null;
  const openDrawer = () => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  };

  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', ...APP_BAR_HEIGHT }}
      style={{ '--banner-height': `${bannerHeight}px` } as CSSProperties}
    >
      <Box
        component="a"
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -64,
          zIndex: (theme) => theme.zIndex.tooltip,
          p: 1.5,
          borderRadius: 1,
          backgroundColor: '#FFFFFF',
          color: 'primary.dark',
          fontWeight: 500,
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      <Suspense fallback={null}>
        <RouteProgress />
      </Suspense>
      <Suspense fallback={null}>
        <SessionEffects isLoggedIn={isLoggedIn} />
      </Suspense>
      <NavBar isLoggedIn={isLoggedIn} user={user} drawerOpen={drawerOpen} onOpenDrawer={openDrawer} onLogout={() => setConfirmLogout(true)}>
        {bannerUser ? (
          <Suspense fallback={<BannerPlaceholder onHeightChange={setBannerHeight} />}>
            <VerificationBanner user={bannerUser} onHeightChange={setBannerHeight} />
          </Suspense>
        ) : null}
      </NavBar>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <SideDrawer open={drawerOpen} isLoggedIn={isLoggedIn} onClose={() => setDrawerOpen(false)} onLogout={() => setConfirmLogout(true)} />
        </Suspense>
      ) : null}
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none', pt: `${bannerHeight}px` }}>
        <Outlet />
      </Box>
      <Suspense fallback={null}>
        <SiteFooter isLoggedIn={isLoggedIn} />
      </Suspense>
      {confirmLogout ? (
        <Suspense fallback={null}>
          <LogoutDialog
            open
            onCancel={() => setConfirmLogout(false)}
            onConfirm={async () => {
              setConfirmLogout(false);
              // This device stops receiving the user's pushes while the session can still say so.
              if (user?.fcmId) await import('@/features/notifications/push-subscription').then((push) => push.forgetPush(queryClient, user.id)).catch(() => {});
              endSession(queryClient);
              void navigate({ to: '/' });
            }}
          />
        </Suspense>
      ) : null}
      {loginOpen ? (
        <Suspense fallback={null}>
          <LoginModal
            initialView={search['login-view']}
            initialTab={search['login-tab']}
            onAuthenticated={(result) => void authenticated(result)}
            onClose={closeLogin}
          />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <ChatMount token={token} user={user} />
        <PwaUpdatePrompt />
        <OfflineIndicator />
      </Suspense>
    </Box>
  );
}
