import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import { Outlet, useNavigate } from '@tanstack/react-router';
import PwaUpdatePrompt from '@/app/PwaUpdatePrompt';
import { clearSession, useSession } from '@/features/auth/session';
import { NavBar } from './NavBar';
import { RouteProgress } from './RouteProgress';
import { SiteFooter } from './SiteFooter';

// Modal-based pieces load on first use: they are not needed to show the first page.
const SideDrawer = lazy(() => import('./SideDrawer').then((module) => ({ default: module.SideDrawer })));
const LogoutDialog = lazy(() => import('./LogoutDialog').then((module) => ({ default: module.LogoutDialog })));

const MAIN_ID = 'main-content';

/** The root layout: every page renders inside this shell (spec section 2 "Navigation"). */
export function AppShell() {
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const openDrawer = () => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
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
      <RouteProgress />
      <NavBar isLoggedIn={isLoggedIn} drawerOpen={drawerOpen} onOpenDrawer={openDrawer} />
      {drawerUsed ? (
        <Suspense fallback={null}>
          <SideDrawer open={drawerOpen} isLoggedIn={isLoggedIn} onClose={() => setDrawerOpen(false)} onLogout={() => setConfirmLogout(true)} />
        </Suspense>
      ) : null}
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <SiteFooter isLoggedIn={isLoggedIn} />
      {confirmLogout ? (
        <Suspense fallback={null}>
          <LogoutDialog
            open
            onCancel={() => setConfirmLogout(false)}
            onConfirm={() => {
              setConfirmLogout(false);
              clearSession();
              void navigate({ to: '/' });
            }}
          />
        </Suspense>
      ) : null}
      <PwaUpdatePrompt />
    </Box>
  );
}
