import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { GATEWAYS } from '@contract/constants';
import { TRANSACTION_STATUSES } from '@contract/payments/statuses';
import { PROVIDER_LABELS, type PaymentsFilter } from '../model';

const ALL = '';

interface FilterSelectProps {
  id: string;
  label: string;
  allLabel: string;
  value: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string | undefined) => void;
}

function FilterSelect({ id, label, allLabel, value, options, onChange }: FilterSelectProps) {
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        label={label}
        value={value ?? ALL}
        onChange={(event) => onChange(event.target.value === ALL ? undefined : event.target.value)}
      >
        <MenuItem value={ALL}>{allLabel}</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

const STATUS_OPTIONS = TRANSACTION_STATUSES.map((status) => ({ value: status, label: status }));
const PROVIDER_OPTIONS = GATEWAYS.map((provider) => ({ value: provider, label: PROVIDER_LABELS[provider] }));

interface TransactionFiltersProps {
  filter: PaymentsFilter;
  /** The apps to choose from; none: no app filter (an app's own page). */
  apps?: readonly string[];
  onChange: (filter: PaymentsFilter) => void;
}

/** Filter by status, provider and app: each change is a new question to the server. */
export function TransactionFilters({ filter, apps, onChange }: TransactionFiltersProps) {
  // The app in the address stays choosable while the apps load (or when it has no payments).
  const appChoices = apps && filter.app && !apps.includes(filter.app) ? [...apps, filter.app] : apps;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <FilterSelect
        id="payments-status"
        label="Status"
        allLabel="All statuses"
        value={filter.status}
        options={STATUS_OPTIONS}
        onChange={(value) => onChange({ ...filter, status: TRANSACTION_STATUSES.find((status) => status === value) })}
      />
      <FilterSelect
        id="payments-provider"
        label="Provider"
        allLabel="All providers"
        value={filter.provider}
        options={PROVIDER_OPTIONS}
        onChange={(value) => onChange({ ...filter, provider: GATEWAYS.find((provider) => provider === value) })}
      />
      {appChoices ? (
        <FilterSelect
          id="payments-app"
          label="App"
          allLabel="All apps"
          value={filter.app}
          options={appChoices.map((app) => ({ value: app, label: app }))}
          onChange={(value) => onChange({ ...filter, app: value })}
        />
      ) : null}
    </Stack>
  );
}
