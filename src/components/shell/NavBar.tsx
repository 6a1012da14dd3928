import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { Link } from '@tanstack/react-router';
import { ROLE } from '@contract/constants';
import { hasRole } from '@contract/users/roles';
import { NAV_BAR, isNavSolid } from '@/lib/navigation';
import { BRAND } from '@contract/brand';
import type { User } from '@contract/users/schemas';
import { ButtonLink } from '../links';
import { Logo } from './Logo';

// Signed-in only (avatar and menu): visitors, and so the homepage's first paint, never need it.
const AccountButton = lazy(() => import('@/features/users/components/AccountButton').then((module) => ({ default: module.AccountButton })));
// With the invites' Accept and Decline (registered by the collaborators feature), which its items offer.
const NotificationBell = lazy(() =>
  Promise.all([import('@/features/notifications/components/NotificationBell'), import('@/features/collaborators/invite-actions')]).then(([module]) => ({
    default: module.NotificationBell,
  })),
);

// The account menu's count of payments that need action: loads with the menu, never for visitors.
const PendingPaymentsMenuItem = lazy(() => import('@/features/payments/components/PendingPaymentsMenuItem'));
const pendingPayments = (close: () => void) => (
  <Suspense fallback={null}>
    <PendingPaymentsMenuItem onClose={close} />
  </Suspense>
);

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** Re-renders only when the bar crosses the 50 px threshold, not on every scroll event. */
function useNavSolid(): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => isNavSolid(window.scrollY),
    () => false,
  );
}

interface NavBarProps {
  isLoggedIn: boolean;
  /** The signed-in user (shown as the account button when logged in). */
  user?: User | null;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
  onLogout?: () => void;
  /** Shown under the bar, inside it (for example the verification banner); the bar is then solid. */
  children?: ReactNode;
}

export const SIDE_DRAWER_ID = 'side-drawer';

/** Spec section 2: logo, Features, Pricing, Templates; transparent at the top, solid after scrolling. */
export function NavBar({ isLoggedIn, user, drawerOpen, onOpenDrawer, onLogout = () => {}, children }: NavBarProps) {
  const scrolled = useNavSolid();
  // A banner under the bar covers the top of the page: a transparent bar would put white text on it.
  const solid = scrolled || Boolean(children);
  return (
    <AppBar
      position="fixed"
      elevation={solid ? 4 : 0}
      sx={{
        color: '#FFFFFF',
        backgroundColor: solid ? BRAND.ink : 'transparent',
        backgroundImage: 'none',
        transition: 'background-color 200ms ease, box-shadow 200ms ease',
      }}
    >
      <Toolbar component="nav" aria-label="Main" sx={{ gap: 1, maxWidth: 1200, width: '100%', mx: 'auto' }}>
        <Box
          component={Link}
          to="/"
          activeOptions={{ exact: true }}
          sx={{ color: 'inherit', textDecoration: 'none', borderRadius: 1, display: 'inline-flex', py: 1, mr: 2 }}
        >
          <Logo />
        </Box>
        <Box component="ul" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
          {NAV_BAR.map((entry) =>
            entry.kind === 'link' ? (
              <li key={entry.label}>
                <ButtonLink to={entry.to} color="inherit" activeProps={{ style: { textDecoration: 'underline', textUnderlineOffset: 6 } }}>
                  {entry.label}
                </ButtonLink>
              </li>
            ) : null,
          )}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {isLoggedIn && user && hasRole(user, ROLE.SOVEREIGN) ? (
          <ButtonLink to="/support/inbox" color="inherit">
            Support inbox
          </ButtonLink>
        ) : null}
        {isLoggedIn && user ? (
          <Suspense fallback={<Box sx={{ width: 40, height: 40 }} />}>
            <NotificationBell user={user} />
          </Suspense>
        ) : null}
        {isLoggedIn && user ? (
          <Suspense fallback={<Box sx={{ width: 44, height: 44 }} />}>
            <AccountButton user={user} onLogout={onLogout} menuExtra={pendingPayments} />
          </Suspense>
        ) : null}
        {isLoggedIn ? null : (
          <ButtonLink
            to="."
            search={(prev) => ({ ...prev, 'login-modal': true })}
            variant="outlined"
            color="inherit"
            sx={{ borderColor: 'rgba(255,255,255,0.7)' }}
          >
            Sign In/Up
          </ButtonLink>
        )}
        <IconButton
          color="inherit"
          edge="end"
          aria-label="Open menu"
          aria-haspopup="true"
          aria-expanded={drawerOpen}
          aria-controls={SIDE_DRAWER_ID}
          onClick={onOpenDrawer}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      {children}
    </AppBar>
  );
}
