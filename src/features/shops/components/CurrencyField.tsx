import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@contract/shops/schemas';
import { currenciesQueryOptions } from '../api/get-currencies';

const label = (currency: Currency) => `${currency.code} (${currency.symbol}) ${currency.name}`;

/** Currency of the business: every ISO currency, the one of the address's country first. */
export function CurrencyField({ country, value, onChange }: { country: string | undefined; value: number; onChange: (currencyId: number) => void }) {
  const currencies = useQuery(currenciesQueryOptions(country || undefined));
  const options = currencies.data ?? [];
  const selected = options.find((currency) => currency.id === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, currency) => onChange(currency?.id ?? 0)}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={currencies.isFetching}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Currency"
          helperText={currencies.error ? currencies.error.message : options[0] && !selected ? `Likely: ${label(options[0])}` : ' '}
        />
      )}
    />
  );
}
