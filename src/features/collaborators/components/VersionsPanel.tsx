/**
 * Design versions as branches (issue 14): each version of the design with who changed it last;
 * duplicate one to try an idea, open it in the editor, make it the default (what the public page,
 * thumbnails and new phones show).
 */
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '@/components/links';
import { toast } from '@/lib/toast';
import { designVersionsQueryOptions } from '../api/get-design-versions';
import { useDuplicateVersion } from '../api/duplicate-version';
import { useMakeDefaultVersion } from '../api/make-default-version';

export function VersionsPanel({ alias, canWrite }: { alias: string; canWrite: boolean }) {
  const versions = useQuery(designVersionsQueryOptions(alias));
  const duplicate = useDuplicateVersion(alias);
  const makeDefault = useMakeDefaultVersion(alias);
  const onError = (error: Error) => toast(error.message, { variant: 'error' });
  return (
    <Box component="section" aria-labelledby="versions-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="versions-heading" component="h2" variant="h5">
        Design versions
      </Typography>
      {versions.isError && <Alert severity="error">{versions.error.message}</Alert>}
      {versions.data?.length === 0 && <Typography color="text.secondary">The design has not been saved yet. Open the design to start.</Typography>}
      <Box component="ul" aria-label="Design versions" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {versions.data?.map((version) => (
          <Box component="li" key={version.version} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>Version {version.version}</Typography>
            {version.isDefault && <Chip size="small" color="primary" label="Default" />}
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px' }}>
              {version.lastEditor ? `Last changed by ${version.lastEditor}` : 'Last change by an earlier session'} · {new Date(version.updatedAt).toLocaleString()}
            </Typography>
            <ButtonLink size="small" to="/new-app/$alias/design" params={{ alias }} search={{ version: version.version }} aria-label={`Open version ${version.version} in the editor`}>
              Open
            </ButtonLink>
            {canWrite && (
              <Button size="small" disabled={duplicate.isPending} onClick={() => duplicate.mutate({ alias, from: version.version }, { onSuccess: (copy) => toast(`Version ${copy.version} created`, { variant: 'success' }), onError })}>
                Duplicate
              </Button>
            )}
            {canWrite && !version.isDefault && (
              <Button size="small" disabled={makeDefault.isPending} onClick={() => makeDefault.mutate({ alias, version: version.version }, { onSuccess: () => toast(`Version ${version.version} is now the default`, { variant: 'success' }), onError })}>
                Make default
              </Button>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
