/**
 * One build in full (issue 31): overall progress, its stages (state, duration, progress, log),
 * the failure with its next step, the files to download and the installable web app with a QR
 * code a phone opens. `actions` (the panel's buttons) sit under the progress.
 */
import { type ReactNode, useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import { QRCodeSVG } from 'qrcode.react';
import { ARTIFACT_LABELS, BUILD_STATUS_LABELS, formatSize, type StageState } from '@contract/builds/paths';
import type { Build, BuildArtifact, BuildStageRecord } from '@contract/builds/schemas';
import { onOrigin, usePreviewOrigin } from '@/lib/preview-origin';
import { STAGE_STATE_LABELS, dayText, elapsedText, queueText, statusView, visibleStages } from '../model';

/** The time now, ticking every second while `running` (a running stage's duration). */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

const STATE_ICONS: Record<StageState, ReactNode> = {
  pending: <RadioButtonUncheckedIcon color="disabled" />,
  running: <SyncIcon color="primary" />,
  done: <CheckCircleIcon color="success" />,
  failed: <ErrorIcon color="error" />,
  skipped: <RemoveCircleOutlineIcon color="disabled" />,
  cancelled: <RemoveCircleOutlineIcon color="disabled" />,
};

export function BuildDetails({ build, actions }: { build: Build; actions?: ReactNode }) {
  const view = statusView(build.status);
  const now = useNow(view.running);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography component="h3" variant="h6">
            Build #{build.number}
          </Typography>
          <Chip size="small" color={view.tone} label={view.label} />
          <Typography variant="body2" color="text.secondary">
            Engine {build.release.version} · design version {build.creationVersion}
          </Typography>
        </Stack>
        <ProgressBar label={`Overall progress of build ${build.number}`} value={build.progress} />
        {actions && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
            {actions}
          </Stack>
        )}
      </Box>
      {build.error && (
        <Alert severity="error">
          <AlertTitle>{build.error.message}</AlertTitle>
          {build.error.nextStep}
          {build.error.ourFault && <Box sx={{ mt: 1, fontWeight: 600 }}>Not your fault: this build is not charged</Box>}
        </Alert>
      )}
      <Box component="ol" aria-label={`Stages of build ${build.number}`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {visibleStages(build).map((stage) => (
          <Stage key={stage.name} stage={stage} queue={stage.name === 'queued' ? queueText(build) : null} now={now} />
        ))}
      </Box>
      {build.artifacts.length > 0 && <Artifacts artifacts={build.artifacts} />}
      {build.webAppUrl && <WebApp url={build.webAppUrl} />}
    </Box>
  );
}

function ProgressBar({ label, value }: { label: string; value: number }) {
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
      <LinearProgress variant="determinate" value={value} aria-label={label} sx={{ flex: 1, height: 8, borderRadius: 4 }} />
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: '4ch', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {value}%
      </Typography>
    </Stack>
  );
}

function Stage({ stage, queue, now }: { stage: BuildStageRecord; queue: string | null; now: number }) {
  const running = stage.state === 'running';
  // The running stage's log and a failed stage's are open; the others on request.
  const [open, setOpen] = useState<boolean | null>(null);
  const shown = open ?? (running || stage.state === 'failed');
  const logId = useId();
  const label = BUILD_STATUS_LABELS[stage.name];
  const duration = elapsedText(stage, now);
  return (
    <Box component="li" sx={{ display: 'grid', gridTemplateColumns: '24px minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5, alignItems: 'start' }}>
      <Box sx={{ display: 'flex', pt: '2px' }} aria-hidden>
        {STATE_ICONS[stage.state]}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: running ? 600 : 400 }}>{label}</Typography>
          <Typography variant="body2" color="text.secondary">
            {STAGE_STATE_LABELS[stage.state]}
            {duration && ` · ${duration}`}
          </Typography>
          {queue && (
            <Typography variant="body2" color="primary">
              {queue}
            </Typography>
          )}
        </Stack>
        {running && <ProgressBar label={`${label} progress`} value={stage.progress} />}
        {stage.logs.length > 0 && (
          <>
            <Button size="small" aria-expanded={shown} aria-controls={logId} onClick={() => setOpen(!shown)} sx={{ px: 0.5, minWidth: 0 }}>
              {shown ? 'Hide log' : `Show log (${stage.logs.length} ${stage.logs.length === 1 ? 'line' : 'lines'})`}
            </Button>
            <Box
              id={logId}
              component="pre"
              role="log"
              aria-live={running ? 'polite' : 'off'}
              aria-label={`${label} log`}
              hidden={!shown}
              sx={{
                m: 0,
                p: 1,
                maxHeight: 240,
                overflow: 'auto',
                bgcolor: 'grey.100',
                borderRadius: 1,
                fontFamily: 'monospace',
                fontSize: '0.8125rem',
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {stage.logs.map((entry, index) => (
                <div key={index}>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {new Date(entry.at).toLocaleTimeString()}
                  </Box>{' '}
                  {entry.line}
                </div>
              ))}
            </Box>
          </>
        )}
      </Box>
    </Box>
  );
}

function Artifacts({ artifacts }: { artifacts: readonly BuildArtifact[] }) {
  return (
    <Box component="section" aria-label="Files">
      <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        Files
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {artifacts.map((artifact) => {
          const label = ARTIFACT_LABELS[artifact.kind];
          return (
            <Box component="li" key={artifact.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 500 }}>{label}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatSize(artifact.size)}
                {artifact.expiresAt && ` · link valid until ${dayText(artifact.expiresAt)}`}
              </Typography>
              {artifact.url ? (
                <Link href={artifact.url} download={artifact.fileName} aria-label={`Download ${label}`}>
                  Download
                </Link>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Link expired
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** The installable web app: a link for this computer, a QR code of its absolute address for a phone. */
function WebApp({ url }: { url: string }) {
  const { origin } = usePreviewOrigin();
  const absolute = onOrigin(url, origin);
  return (
    <Box component="section" aria-label="Web app" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <QRCodeSVG value={absolute} size={120} marginSize={2} title="QR code of the web app" style={{ flex: 'none' }} />
      <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
        <Button variant="outlined" href={absolute} target="_blank" rel="noopener noreferrer">
          Open the web app
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          Scan the code with a phone&apos;s camera to open it there and add it to the home screen.
        </Typography>
      </Box>
    </Box>
  );
}
