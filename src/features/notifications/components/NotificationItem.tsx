import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { notificationRoute } from '@contract/notifications/paths';
import type { Notification } from '@contract/notifications/schemas';
import { notificationActions } from '@/lib/notification-actions';
import { useUpdateNotification } from '../api/update-notification';
import { TYPE_LABELS } from '../labels';

interface NotificationItemProps {
  notification: Notification;
  /** Called when the merchant follows the notification to its page (the dropdown closes). */
  onOpen?: () => void;
  dense?: boolean;
}

/** One notification: its title opens its page; its actions (registered ones, then resolve/reopen) sit under it. */
export function NotificationItem({ notification, onOpen, dense = false }: NotificationItemProps) {
  const queryClient = useQueryClient();
  const update = useUpdateNotification();
  const action = useMutation({ mutationFn: (run: () => Promise<unknown>) => run() });
  const busy = update.isPending || action.isPending;
  const open = notification.status === 'open';
  return (
    <Box component="article" aria-label={notification.title} sx={{ py: dense ? 1 : 1.5 }}>
      <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
        {TYPE_LABELS[notification.type]} · {new Date(notification.createdAt).toLocaleString()}
      </Typography>
      <Typography
        component={Link}
        to={notificationRoute(notification)}
        onClick={onOpen}
        sx={{ fontWeight: 700, color: 'text.primary', textDecoration: 'none', '&:hover, &:focus-visible': { textDecoration: 'underline' } }}
      >
        {notification.title}
      </Typography>
      {notification.body ? (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
          {notification.body}
        </Typography>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
        {notificationActions(notification).map((item) => (
          <Button
            key={item.label}
            size="small"
            variant="contained"
            disabled={busy}
            onClick={() => action.mutate(() => item.run(notification, { queryClient }))}
          >
            {item.label}
          </Button>
        ))}
        <Button size="small" disabled={busy} onClick={() => update.mutate({ notificationId: notification.id, status: open ? 'resolved' : 'open' })}>
          {open ? 'Mark as resolved' : 'Reopen'}
        </Button>
      </Stack>
    </Box>
  );
}
