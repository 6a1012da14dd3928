/** The public link of an app (issue 14): on by default; an owner or manager turns it off. */
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { toast } from '@/lib/toast';
import { sharingQueryOptions } from '../api/get-sharing';
import { useSetSharing } from '../api/set-sharing';

export function SharingPanel({ alias, canManage }: { alias: string; canManage: boolean }) {
  const sharing = useQuery(sharingQueryOptions(alias));
  const change = useSetSharing(alias);
  const on = sharing.data?.publicLink ?? true;
  const url = `${window.location.origin}/apps/${alias}/public`;
  return (
    <Box component="section" aria-labelledby="sharing-heading" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="sharing-heading" component="h2" variant="h5">
        Public page
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={!canManage || sharing.isPending || change.isPending}
            onChange={(event) => change.mutate({ alias, publicLink: event.target.checked }, { onError: (error) => toast(error.message, { variant: 'error' }) })}
          />
        }
        label="Anyone with the link can see the design"
      />
      {on ? (
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          <Link to="/apps/$alias/public" params={{ alias }}>{url}</Link>
        </Typography>
      ) : (
        <Typography color="text.secondary">The public link is off.</Typography>
      )}
    </Box>
  );
}
