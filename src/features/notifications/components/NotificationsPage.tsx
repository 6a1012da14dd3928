import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_TYPES, type NotificationType } from '@contract/notifications/paths';
import type { User } from '@contract/users/schemas';
import { PageLayout } from '@/components/PageLayout';
import { QueryErrorState } from '@/components/QueryErrorState';
import { useNotifications } from '../api/get-notifications';
import { TYPE_LABELS } from '../labels';
import type { NotificationFilter } from '../model';
import { NotificationItem } from './NotificationItem';
import { PushOptIn } from './PushOptIn';

interface NotificationsPageProps {
  user: User;
  filter: NotificationFilter;
  onFilterChange: (filter: NotificationFilter) => void;
}

const STATUS_LABELS: Record<NotificationFilter['status'], string> = { open: 'Open', resolved: 'Resolved', all: 'All' };

/** Spec section 2 `/notifications`: every notification, filtered by status and type. */
export function NotificationsPage({ user, filter, onFilterChange }: NotificationsPageProps) {
  const list = useNotifications(filter);
  return (
    <PageLayout title="Notifications" lead="Invitations, finished builds, releases and payment reminders, newest first.">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Status"
          value={filter.status}
          onChange={(_event, status: NotificationFilter['status'] | null) => status && onFilterChange({ ...filter, status })}
        >
          {(Object.keys(STATUS_LABELS) as NotificationFilter['status'][]).map((status) => (
            <ToggleButton key={status} value={status}>
              {STATUS_LABELS[status]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="notification-type-label">Type</InputLabel>
          <Select
            labelId="notification-type-label"
            label="Type"
            value={filter.type ?? ''}
            onChange={(event) => onFilterChange({ ...filter, type: (event.target.value || undefined) as NotificationType | undefined })}
          >
            <MenuItem value="">All types</MenuItem>
            {NOTIFICATION_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <PushOptIn userId={user.id} />
      </Stack>
      {list.isError ? <QueryErrorState message={list.error.message} onRetry={() => void list.refetch()} /> : null}
      {list.data && list.data.length === 0 ? <Typography color="text.secondary">No notifications here.</Typography> : null}
      {list.data && list.data.length > 0 ? (
        <Paper variant="outlined" component="ul" aria-label="Notifications" sx={{ listStyle: 'none', m: 0, px: 2 }}>
          {list.data.map((notification) => (
            <Box component="li" key={notification.id} sx={{ borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
              <NotificationItem notification={notification} />
            </Box>
          ))}
        </Paper>
      ) : null}
    </PageLayout>
  );
}
