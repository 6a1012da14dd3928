/**
 * The public link of an app (issue 14): off by default (issue 27: a design stays private until
 * its merchant shares it); an owner or manager turns it on. While it is off only the app's people
 * and phones that scanned its QR code (the preview key) see the design. A new preview key locks out every phone holding the old one.
 */
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { usePreviewOrigin } from '@/lib/preview-origin';
import { toast } from '@/lib/toast';
import { sharingQueryOptions } from '../api/get-sharing';
import { useRotatePreviewKey } from '../api/rotate-preview-key';
import { useSetSharing } from '../api/set-sharing';

export function SharingPanel({ alias, canManage }: { alias: string; canManage: boolean }) {
  const sharing = useQuery(sharingQueryOptions(alias));
  const change = useSetSharing(alias);
  const rotate = useRotatePreviewKey(alias);
  const on = sharing.data?.publicLink === true;
  // The origin the QR codes use too: the address others can open, not this browser's localhost.
  const url = `${usePreviewOrigin().origin}/apps/${alias}/public`;
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
          <Link to="/apps/$alias/public" params={{ alias }}>
            {url}
          </Link>
        </Typography>
      ) : (
        <Typography color="text.secondary">The public link is off: only this app's people, and phones that scanned its QR code, see the design.</Typography>
      )}
      {canManage && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Button
            variant="outlined"
            size="small"
            disabled={rotate.isPending}
            onClick={() =>
              rotate.mutate(undefined, {
                onSuccess: () => toast('New QR code made: phones that scanned the old one no longer see the design', { variant: 'success' }),
                onError: (error) => toast(error.message, { variant: 'error' }),
              })
            }
          >
            New QR code
          </Button>
          <Typography variant="body2" color="text.secondary">
            Phones that scanned the old QR code lose the design.
          </Typography>
        </Box>
      )}
    </Box>
  );
}
