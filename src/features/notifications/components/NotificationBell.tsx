import { useEffect, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BELL_DROPDOWN_SIZE } from '@contract/notifications/paths';
import type { User } from '@contract/users/schemas';
import { getToken } from '@/lib/session/token';
import { useNotificationCount } from '../api/get-notification-count';
import { useNotifications } from '../api/get-notifications';
import { connectNotifications } from '../live';
import { NotificationItem } from './NotificationItem';
import { PushOptIn } from './PushOptIn';

const NOTIFICATION_MENU_ID = 'notification-menu';

/**
 * Spec section 2: the top bar's bell with the count of open notifications and a dropdown of the
 * latest open ones. While it is mounted the portal follows the user's notifications live.
 */
export function NotificationBell({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const count = useNotificationCount();
  const open = useNotifications();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const token = getToken();
    if (!token) return;
    return connectNotifications(queryClient, token, user.id);
  }, [queryClient, user.id]);

  const total = count.data?.count ?? 0;
  const latest = (open.data ?? []).slice(0, BELL_DROPDOWN_SIZE);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Notifications, ${total} open`}
        aria-haspopup="true"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? NOTIFICATION_MENU_ID : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={total} color="error" max={99} data-testid="notification-count">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        id={NOTIFICATION_MENU_ID}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Notifications', sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, flexGrow: 1 }}>
            Notifications
          </Typography>
          <PushOptIn userId={user.id} />
        </Box>
        <Divider />
        <Box component="ul" aria-label="Open notifications" sx={{ listStyle: 'none', m: 0, px: 2, maxHeight: 420, overflowY: 'auto' }}>
          {latest.map((notification) => (
            <Box component="li" key={notification.id} sx={{ borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
              <NotificationItem notification={notification} onOpen={close} dense />
            </Box>
          ))}
        </Box>
        {latest.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, py: 2 }}>
            {open.isError ? 'Could not load the notifications' : 'No open notifications'}
          </Typography>
        ) : null}
        <Divider />
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button component={Link} to="/notifications" onClick={close}>
            See all notifications
          </Button>
        </Box>
      </Popover>
    </>
  );
}
