import type { ReactNode } from 'react';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { createLink } from '@tanstack/react-router';
import type { User } from '@contract/users/schemas';
import { ACCOUNT_MENU } from '@/lib/navigation';
import { CREDIT_CURRENCY } from '@contract/credits/paths';
import { formatMoney } from '@contract/money';
import { useCredit } from '../api/get-credit';

function MenuItemAnchor(props: MenuItemProps<'a'>) {
  return <MenuItem component="a" {...props} />;
}
const MenuItemLink = createLink(MenuItemAnchor);

interface AccountMenuProps {
  id: string;
  anchor: HTMLElement | null;
  user: User;
  onClose: () => void;
  onLogout: () => void;
  /** Lines of other features, above the pages (for example the payments that need action). */
  extra?: ReactNode;
}

/** The account dropdown: greeting, available credit, the merchant's pages and Logout. */
export default function AccountMenu({ id, anchor, user, onClose, onLogout, extra }: AccountMenuProps) {
  const credit = useCredit();
  const amount = credit.data ? formatMoney(credit.data.value, CREDIT_CURRENCY) : credit.isError ? 'Unavailable' : '…';
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 240 } } }}
    >
      <Box sx={{ px: 2, py: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>Hi, {user.firstName}</Typography>
        <Typography variant="body2" color="text.secondary" component="p">
          Available Credits:{' '}
          <Box component="span" sx={{ fontWeight: 700, color: 'text.primary' }}>
            {amount}
          </Box>
        </Typography>
      </Box>
      <Divider />
      {extra}
      {ACCOUNT_MENU.map((entry) =>
        entry.kind === 'link' ? (
          <MenuItemLink key={entry.label} to={entry.to} onClick={onClose}>
            <ListItemText primary={entry.label} />
          </MenuItemLink>
        ) : (
          // The only action here is Logout: set apart below the pages.
          [
            <Divider key="divider" />,
            <MenuItem key={entry.label} onClick={onLogout}>
              <ListItemText primary={entry.label} />
            </MenuItem>,
          ]
        ),
      )}
    </Menu>
  );
}
