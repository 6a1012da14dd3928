/**
 * The app's builds on its details page (issue 31): the current (or latest) build in full, live
 * through the builds room, with the buttons of those who may order (owner, SOVEREIGN, managers):
 * Cancel build, Build again, Send new links, Rebuild on a newer engine release, and Take the app
 * live after a build succeeded while its plan is paused; then the earlier builds, each expandable.
 * Readers who may not order see everything but the buttons.
 */
import { type ReactNode, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { BUILD_MESSAGES, type Build } from '@contract/builds/schemas';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { toast } from '@/lib/toast';
import { useCancelBuild } from '../api/cancel-build';
import { buildQueryOptions } from '../api/get-build';
import { buildsQueryOptions } from '../api/get-builds';
import { engineReleasesQueryOptions } from '../api/get-engine-releases';
import { useOrderBuild } from '../api/order-build';
import { useRetryBuild } from '../api/retry-build';
import { useSendBuildLinks } from '../api/send-build-links';
import { useLiveBuilds } from '../live';
import { currentBuild, dayText, elapsedText, newerRelease, statusView } from '../model';
import { BuildDetails } from './BuildDetails';

interface BuildsPanelProps {
  alias: string;
  /** Owner, SOVEREIGN and collaborators who manage collaborators: cancel, retry, send links, rebuild. */
  canManage: boolean;
  /** Takes the app live (billing's update-subscription), offered once a build succeeded; null when the app is not on a paused plan. */
  onTakeLive: (() => Promise<unknown>) | null;
}

export function BuildsPanel({ alias, canManage, onTakeLive }: BuildsPanelProps) {
  useLiveBuilds(alias);
  const builds = useQuery(buildsQueryOptions(alias));
  const current = builds.data ? currentBuild(builds.data) : undefined;
  const earlier = builds.data?.filter((build) => build !== current) ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography id="builds-heading" component="h2" variant="h5" tabIndex={-1} sx={{ outline: 'none' }}>
        Builds
      </Typography>
      {builds.isPending ? (
        <Skeleton variant="rounded" height={160} aria-label="Loading the builds" />
      ) : builds.isError ? (
        <Alert severity="error">{builds.error.message}</Alert>
      ) : !current ? (
        <Typography color="text.secondary">
          No build yet. {canManage ? 'Order the app to build its installable web app and its store files.' : 'The app has not been ordered yet.'}
        </Typography>
      ) : (
        <BuildDetails build={current} actions={canManage ? <CurrentActions alias={alias} build={current} onTakeLive={onTakeLive} /> : null} />
      )}
      {earlier.length > 0 && (
        <Box component="section" aria-labelledby="builds-history-heading">
          <Typography id="builds-history-heading" component="h3" variant="h6" sx={{ mb: 1 }}>
            Earlier builds
          </Typography>
          {earlier.map((build) => (
            <EarlierBuild key={build.id} alias={alias} build={build} canManage={canManage} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The buttons of the build shown first, by its state. */
function CurrentActions({ alias, build, onTakeLive }: { alias: string; build: Build; onTakeLive: (() => Promise<unknown>) | null }) {
  const view = statusView(build.status);
  const cancel = useCancelBuild();
  const retry = useRetryBuild();
  const order = useOrderBuild();
  const releases = useQuery({ ...engineReleasesQueryOptions(), enabled: !view.running });
  const newer = releases.data && !view.running ? newerRelease(releases.data, build) : undefined;
  const [confirming, setConfirming] = useState(false);
  const [goingLive, setGoingLive] = useState(false);
  const [liveError, setLiveError] = useState<string | null>(null);
  const ids = { alias, buildId: build.id };
  const ordered = () => toast(BUILD_MESSAGES.ordered, { variant: 'success' });
  const error = retry.error ?? order.error;
  const buttons: ReactNode[] = [];
  if (view.canCancel)
    buttons.push(
      <Button key="cancel" color="error" variant="outlined" onClick={() => setConfirming(true)}>
        Cancel build
      </Button>,
    );
  if (view.canRetry)
    buttons.push(
      <Button key="retry" variant="contained" disabled={retry.isPending} onClick={() => retry.mutate(ids, { onSuccess: ordered })}>
        Build again
      </Button>,
    );
  if (view.canSendLinks) buttons.push(<SendLinksButton key="links" alias={alias} buildId={build.id} />);
  if (build.status === 'succeeded' && onTakeLive)
    buttons.push(
      <Button
        key="live"
        variant="contained"
        color="success"
        disabled={goingLive}
        onClick={() => {
          setGoingLive(true);
          setLiveError(null);
          // Once the plan is live the route stops offering the button; a failure lets it be pressed again.
          void onTakeLive()
            .then(
              () => toast('The app is live', { variant: 'success' }),
              (failure: unknown) => setLiveError(failure instanceof Error ? failure.message : 'Could not take the app live'),
            )
            .finally(() => setGoingLive(false));
        }}
      >
        Take the app live
      </Button>,
    );
  if (newer)
    buttons.push(
      <Button
        key="rebuild"
        variant="outlined"
        disabled={order.isPending}
        // One key per press: the server orders once however often this request is repeated.
        onClick={() => order.mutate({ alias, releaseId: newer.id, idempotencyKey: crypto.randomUUID() }, { onSuccess: ordered })}
      >
        Rebuild on {newer.version}
      </Button>,
    );
  return (
    <>
      {buttons}
      {(error || liveError) && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {error?.message ?? liveError}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Cancel build #${build.number}?`}
        consequence="The build stops now and makes no files. You can order the app again at any time."
        confirmLabel="Cancel build"
        busy={cancel.isPending}
        error={cancel.error?.message ?? null}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(ids, {
            onSuccess: () => {
              setConfirming(false);
              toast(BUILD_MESSAGES.cancelled, { variant: 'success' });
            },
          })
        }
      />
    </>
  );
}

function SendLinksButton({ alias, buildId }: { alias: string; buildId: number }) {
  const links = useSendBuildLinks();
  return (
    <>
      <Button
        variant="outlined"
        disabled={links.isPending}
        onClick={() => links.mutate({ alias, buildId }, { onSuccess: () => toast(BUILD_MESSAGES.linksSent, { variant: 'success' }) })}
      >
        Send new links
      </Button>
      {links.error && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {links.error.message}
        </Alert>
      )}
    </>
  );
}

/** An earlier build: its number, state, date, release and duration; expanded, the build in full (fetched afresh: new links). */
function EarlierBuild({ alias, build, canManage }: { alias: string; build: Build; canManage: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const view = statusView(build.status);
  const duration = elapsedText(build);
  return (
    <Accordion
      expanded={expanded}
      onChange={(_, next) => setExpanded(next)}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>Build #{build.number}</Typography>
          <Chip size="small" color={view.tone} label={view.label} />
          <Typography variant="body2" color="text.secondary">
            {dayText(build.createdAt)} · engine {build.release.version}
            {duration && ` · ${duration}`}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails>{expanded && <EarlierBuildDetails alias={alias} build={build} canManage={canManage} />}</AccordionDetails>
    </Accordion>
  );
}

function EarlierBuildDetails({ alias, build, canManage }: { alias: string; build: Build; canManage: boolean }) {
  const fresh = useQuery({ ...buildQueryOptions(alias, build.id), placeholderData: build });
  const shown = fresh.data ?? build;
  return (
    <BuildDetails build={shown} actions={canManage && statusView(shown.status).canSendLinks ? <SendLinksButton alias={alias} buildId={shown.id} /> : null} />
  );
}
