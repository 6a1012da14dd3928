import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { CONSTANTS } from '@contract/constants';
import { SIDE_DRAWER, visibleEntries } from '@/lib/navigation';
import { ListItemLink } from '../list-item-link';
import { Logo } from './Logo';
import { SIDE_DRAWER_ID } from './NavBar';

interface SideDrawerProps {
  open: boolean;
  isLoggedIn: boolean;
  onClose: () => void;
  onLogout: () => void;
}

/** Spec section 2 "Side drawer": the mobile menu. */
export function SideDrawer({ open, isLoggedIn, onClose, onLogout }: SideDrawerProps) {
  return (
    <Drawer id={SIDE_DRAWER_ID} anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: CONSTANTS.sideDrawerWidthPx + 30 } } }}>
      <Box sx={{ p: 2, color: 'text.primary' }}>
        <Logo />
      </Box>
      <Divider />
      <nav aria-label="Menu">
        <List>
          {visibleEntries(SIDE_DRAWER, isLoggedIn).map((entry) => (
            <ListItem key={entry.label} disablePadding>
              {entry.kind === 'link' ? (
                <ListItemLink to={entry.to} onClick={onClose} activeProps={{ selected: true }}>
                  <ListItemText primary={entry.label} />
                </ListItemLink>
              ) : entry.action === 'login' ? (
                <ListItemLink to="." search={(prev) => ({ ...prev, 'login-modal': true })} onClick={onClose}>
                  <ListItemText primary={entry.label} />
                </ListItemLink>
              ) : (
                <ListItemButton
                  onClick={() => {
                    onClose();
                    onLogout();
                  }}
                >
                  <ListItemText primary={entry.label} />
                </ListItemButton>
              )}
            </ListItem>
          ))}
        </List>
      </nav>
    </Drawer>
  );
}
