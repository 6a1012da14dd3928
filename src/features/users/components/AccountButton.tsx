import { lazy, Suspense, useState, type ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import type { User } from '@contract/users/schemas';
import { fullName, initials } from '../model';

// The menu itself loads on first open: the nav bar only needs the picture.
const AccountMenu = lazy(() => import('./AccountMenu'));

const ACCOUNT_MENU_ID = 'account-menu';

/** Spec section 2: the profile picture with an account dropdown, in the top bar when logged in. */
interface AccountButtonProps {
  user: User;
  onLogout: () => void;
  /** Lines other features add to the menu (the shell composes them), given how to close it. */
  menuExtra?: (close: () => void) => ReactNode;
}

export function AccountButton({ user, onLogout, menuExtra }: AccountButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const name = fullName(user) || user.email || 'Account';
  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="true"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? ACCOUNT_MENU_ID : undefined}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ p: 0.5 }}
      >
        <Avatar src={user.profilePix ?? undefined} alt={name} sx={{ width: 36, height: 36, bgcolor: 'secondary.main', fontSize: '0.95rem' }}>
          {initials(user)}
        </Avatar>
      </IconButton>
      {used ? (
        <Suspense fallback={null}>
          <AccountMenu
            id={ACCOUNT_MENU_ID}
            anchor={anchor}
            user={user}
            onClose={() => setAnchor(null)}
            extra={menuExtra?.(() => setAnchor(null))}
            onLogout={() => {
              setAnchor(null);
              onLogout();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
