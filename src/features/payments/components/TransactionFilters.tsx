import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { TRANSACTION_STATUSES, type TransactionStatus } from '@contract/payments/statuses';

export interface PaymentsFilter {
  status?: TransactionStatus;
  app?: string;
}

/** The search params as a filter: a status the spec does not name is dropped. */
export function filterOfSearch(search: { status?: string; app?: string }): PaymentsFilter {
  return { status: TRANSACTION_STATUSES.find((status) => status === search.status), app: search.app };
}

const ALL = '';

interface TransactionFiltersProps {
  filter: PaymentsFilter;
  /** The apps to choose from; none: no app filter (an app's own page). */
  apps?: readonly string[];
  onChange: (filter: PaymentsFilter) => void;
}

/** Filter by status and app. */
export function TransactionFilters({ filter, apps, onChange }: TransactionFiltersProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
      <FormControl size="small" sx={{ minWidth: 220 }}>
        <InputLabel id="payments-status-label">Status</InputLabel>
        <Select
          labelId="payments-status-label"
          label="Status"
          value={filter.status ?? ALL}
          onChange={(event) => {
            const value: string = event.target.value;
            onChange({ ...filter, status: TRANSACTION_STATUSES.find((status) => status === value) });
          }}
        >
          <MenuItem value={ALL}>All statuses</MenuItem>
          {TRANSACTION_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {status}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {apps ? (
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="payments-app-label">App</InputLabel>
          <Select
            labelId="payments-app-label"
            label="App"
            value={filter.app ?? ALL}
            onChange={(event) => onChange({ ...filter, app: event.target.value === ALL ? undefined : event.target.value })}
          >
            <MenuItem value={ALL}>All apps</MenuItem>
            {apps.map((app) => (
              <MenuItem key={app} value={app}>
                {app}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      ) : null}
    </Stack>
  );
}
