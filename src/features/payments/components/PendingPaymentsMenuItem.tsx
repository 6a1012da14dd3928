import Badge from '@mui/material/Badge';
import ListItemText from '@mui/material/ListItemText';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import { createLink } from '@tanstack/react-router';
import { usePendingTransactions } from '../api/get-pending-transactions';

function MenuItemAnchor(props: MenuItemProps<'a'>) {
  return <MenuItem component="a" {...props} />;
}
const MenuItemLink = createLink(MenuItemAnchor);

/** The account menu's line for payments that need the merchant (spec section 4 startup); none: no line. */
export default function PendingPaymentsMenuItem({ onClose }: { onClose: () => void }) {
  const pending = usePendingTransactions();
  const count = pending.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <MenuItemLink to="/payments/actions/resolution" onClick={onClose}>
      <ListItemText primary={count === 1 ? '1 payment needs action' : `${count} payments need action`} />
      <Badge color="warning" badgeContent={count} sx={{ ml: 2 }} />
    </MenuItemLink>
  );
}
