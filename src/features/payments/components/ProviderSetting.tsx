import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { GATEWAYS, type GatewayId } from '@contract/constants';
import { useRemoteConfig } from '../api/get-remote-config';
import { useUpdateRemoteConfig } from '../api/update-remote-config';
import { PROVIDER_LABELS } from '../model';

/** SOVEREIGN only: the provider every merchant pays through (the portal-payments remote config). */
export function ProviderSetting() {
  const config = useRemoteConfig();
  const update = useUpdateRemoteConfig();
  return (
    <Stack spacing={1} component="section" aria-labelledby="provider-setting-title" sx={{ mb: 4 }}>
      <Typography id="provider-setting-title" variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        Payment provider
      </Typography>
      <Typography color="text.secondary">Every merchant pays through this provider. Devices pick a change up within 12 hours.</Typography>
      <FormControl size="small" sx={{ maxWidth: 280 }}>
        <InputLabel id="provider-setting-label">Provider</InputLabel>
        <Select
          labelId="provider-setting-label"
          label="Provider"
          value={config.provider}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ provider: event.target.value as GatewayId })}
        >
          {GATEWAYS.map((provider) => (
            <MenuItem key={provider} value={provider}>
              {PROVIDER_LABELS[provider]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Stack>
  );
}
