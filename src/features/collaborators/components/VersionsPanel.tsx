/**
 * Design versions as branches (issue 14): each version of the design with who changed it last;
 * duplicate one to try an idea, open it in the editor, merge it into the default or make it the
 * default (what the public page, thumbnails and new phones show); each version's history of who
 * changed what.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '@/components/links';
import { relativeTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { designVersionsQueryOptions } from '../api/get-design-versions';
import { useDuplicateVersion } from '../api/duplicate-version';
import { versionHistoryQueryOptions } from '../api/get-version-history';
import { useMakeDefaultVersion } from '../api/make-default-version';
import { MergeVersionDialog } from './MergeVersionDialog';

export function VersionsPanel({ alias, canWrite }: { alias: string; canWrite: boolean }) {
  const versions = useQuery(designVersionsQueryOptions(alias));
  const duplicate = useDuplicateVersion(alias);
  const makeDefault = useMakeDefaultVersion(alias);
  const onError = (error: Error) => toast(error.message, { variant: 'error' });
  const [merging, setMerging] = useState<number | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
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
              {version.lastEditor ? `Last changed by ${version.lastEditor}` : 'Last change by an earlier session'} ·{' '}
              {new Date(version.updatedAt).toLocaleString()}
            </Typography>
            <ButtonLink
              size="small"
              to="/new-app/$alias/design"
              params={{ alias }}
              search={{ version: version.version }}
              aria-label={`Open version ${version.version} in the editor`}
            >
              Open
            </ButtonLink>
            {canWrite && (
              <Button
                size="small"
                disabled={duplicate.isPending}
                onClick={() =>
                  duplicate.mutate(
                    { alias, from: version.version },
                    { onSuccess: (copy) => toast(`Version ${copy.version} created`, { variant: 'success' }), onError },
                  )
                }
              >
                Duplicate
              </Button>
            )}
            {canWrite && !version.isDefault && (
              <Button size="small" onClick={() => setMerging(version.version)} aria-label={`Merge version ${version.version} into the default`}>
                Merge into default
              </Button>
            )}
            {canWrite && !version.isDefault && (
              <Button
                size="small"
                disabled={makeDefault.isPending}
                onClick={() =>
                  makeDefault.mutate(
                    { alias, version: version.version },
                    { onSuccess: () => toast(`Version ${version.version} is now the default`, { variant: 'success' }), onError },
                  )
                }
              >
                Make default
              </Button>
            )}
            <Button
              size="small"
              aria-expanded={historyOf === version.version}
              aria-controls={`history-${version.version}`}
              aria-label={`History of version ${version.version}`}
              onClick={() => setHistoryOf((open) => (open === version.version ? null : version.version))}
            >
              History
            </Button>
            {historyOf === version.version && <VersionHistory alias={alias} version={version.version} />}
          </Box>
        ))}
      </Box>
      {merging !== null && <MergeVersionDialog alias={alias} version={merging} onClose={() => setMerging(null)} />}
    </Box>
  );
}

/** Who changed what on one version, newest first (the latest 10). */
function VersionHistory({ alias, version }: { alias: string; version: number }) {
  const history = useQuery(versionHistoryQueryOptions(alias, version));
  return (
    <Box id={`history-${version}`} sx={{ flexBasis: '100%', pl: 2, borderLeft: 2, borderColor: 'divider' }}>
      {history.isPending && <Typography variant="body2">Loading the history…</Typography>}
      {history.isError && <Alert severity="error">{history.error.message}</Alert>}
      {history.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No changes recorded yet.
        </Typography>
      )}
      {history.data && history.data.length > 0 && (
        <Box component="ol" aria-label={`Changes to version ${version}`} sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
          {history.data.map((entry) => (
            <Typography component="li" variant="body2" key={`${entry.revision}-${entry.at}`} sx={{ overflowWrap: 'anywhere' }}>
              <strong>{entry.user ?? 'Someone'}</strong> {entry.merge ? 'merged' : 'changed'}{' '}
              {entry.fields.length ? entry.fields.join(', ') : 'nothing visible'} ·{' '}
              <time dateTime={entry.at} title={new Date(entry.at).toLocaleString()}>
                {relativeTime(entry.at)}
              </time>
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
