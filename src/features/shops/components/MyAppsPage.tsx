/**
 * My Apps (`/apps`, spec section 2 MyAppsList; issue 14): the user's own shops and the shops
 * shared with them, with search, a live phone thumbnail (lazy: drawn once near the screen), the
 * user's role and the last edit, and '+ New App'. An empty list leads to the first app; a
 * loading failure shows a toast with the error.
 */
import { type ReactNode, Suspense, useDeferredValue, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import type { Creation } from '@contract/design/schemas';
import type { ShopCollaboration } from '@contract/collaborators/schemas';
import type { Shop } from '@contract/shops/schemas';
import { NAMED_ROUTES } from '@/lib/named-routes';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { QueryErrorState } from '@/components/QueryErrorState';
import { toast } from '@/lib/toast';
import { type AppRow, appRows, lastEditText, ROLE_LABELS } from '../my-apps';
import { useLiveDesign, useNearScreen } from '../use-live-design';

interface MyAppsPageProps {
  /** GET /v1/users/{userId}/shops and /shop-collaborations (the route runs the features' queries). */
  own: ListState<Shop>;
  shared: ListState<ShopCollaboration>;
  /** The phone thumbnail of a design (the route composes the preview renderer in). */
  thumbnail: (creation: Creation) => ReactNode;
}

/** What the page needs of a list query (a TanStack Query result fits). */
interface ListState<T> {
  data: T[] | undefined;
  error: Error | null;
  isPending: boolean;
  refetch: () => Promise<unknown>;
}

export function MyAppsPage({ own, shared, thumbnail }: MyAppsPageProps) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const error = own.error ?? shared.error;
  useEffect(() => {
    if (error) toast(error.message, { variant: 'error', preventDuplicate: true, key: 'my-apps-error' });
  }, [error]);
  const loading = own.isPending || shared.isPending;
  const rows = appRows(own.data ?? [], shared.data ?? [], deferred);
  const total = (own.data?.length ?? 0) + (shared.data?.length ?? 0);

  return (
    <PageLayout
      title="My Apps"
      lead="Your apps and the apps shared with you, each with its live design."
      actions={
        <ButtonLink
          to={NAMED_ROUTES.ShopSetupPage}
          variant="contained"
          sx={{ backgroundColor: '#FFFFFF', color: 'primary.dark', '&:hover': { backgroundColor: '#E3E8FF' } }}
        >
          + New App
        </ButtonLink>
      }
    >
      {error && !loading && total === 0 ? (
        <QueryErrorState message={error.message} onRetry={() => void Promise.all([own.refetch(), shared.refetch()])} />
      ) : loading ? (
        <Typography role="status">Loading your apps…</Typography>
      ) : total === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography component="h2" variant="h5" gutterBottom>
            You have no apps yet
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Set up your business and design your first app in a few minutes.
          </Typography>
          <ButtonLink to={NAMED_ROUTES.ShopSetupPage} variant="contained">
            Create your first app
          </ButtonLink>
        </Paper>
      ) : (
        <>
          <TextField
            label="Search apps"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            size="small"
            sx={{ mb: 3, width: { xs: '100%', sm: 320 } }}
          />
          {rows.length === 0 ? (
            <Typography>No app matches "{deferred}".</Typography>
          ) : (
            <Box
              component="ul"
              aria-label="Apps"
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}
            >
              {rows.map((row) => (
                <li key={row.alias}>
                  <AppCard row={row} thumbnail={thumbnail} />
                </li>
              ))}
            </Box>
          )}
        </>
      )}
    </PageLayout>
  );
}

const THUMB_SCALE = 0.42;

/*
 * The cards are plain elements styled once (a list of 50 is rendered in one go on a slow phone:
 * per-card `sx` styles and MUI Card/Chip/Avatar trees cost most of that time). Off-screen cards
 * skip layout and paint until scrolled to (content-visibility).
 */
const CardLink = styled(Link)(({ theme }) => ({
  display: 'flex',
  alignItems: 'stretch',
  height: '100%',
  color: 'inherit',
  textDecoration: 'none',
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  overflow: 'hidden',
  background: theme.palette.background.paper,
  contentVisibility: 'auto',
  containIntrinsicSize: `auto ${Math.round(760 * THUMB_SCALE)}px`,
  '&:hover, &:focus-visible': { background: theme.palette.action.hover },
  '& .thumb': {
    width: 372 * THUMB_SCALE,
    height: 760 * THUMB_SCALE,
    flex: 'none',
    overflow: 'hidden',
    background: theme.palette.grey[100],
    pointerEvents: 'none',
  },
  '& .thumb > div': { width: 372, height: 760, transform: `scale(${THUMB_SCALE})`, transformOrigin: 'top left' },
  '& .facts': { padding: theme.spacing(2), minWidth: 0, display: 'flex', flexDirection: 'column', gap: theme.spacing(1) },
  '& .logo': { width: 40, height: 40, borderRadius: '50%', objectFit: 'cover', background: theme.palette.grey[200] },
  '& h2': { ...theme.typography.h6, margin: 0, overflowWrap: 'anywhere' },
  '& .role': {
    alignSelf: 'flex-start',
    padding: '2px 10px',
    borderRadius: 12,
    fontSize: 13,
    background: theme.palette.grey[200],
    color: theme.palette.text.primary,
  },
  '& .role.owner': { background: theme.palette.primary.main, color: theme.palette.primary.contrastText },
  '& .muted': { ...theme.typography.body2, margin: 0, color: theme.palette.text.secondary },
}));

function AppCard({ row, thumbnail }: { row: AppRow; thumbnail: MyAppsPageProps['thumbnail'] }) {
  const [ref, near] = useNearScreen<HTMLDivElement>();
  const creation = useLiveDesign(row.alias, 0, near);
  return (
    <CardLink to={`/apps/${row.alias}`} data-testid="app-card">
      <div ref={ref} aria-hidden className="thumb">
        {creation ? (
          <div>
            <Suspense fallback={null}>{thumbnail(creation)}</Suspense>
          </div>
        ) : null}
      </div>
      <div className="facts">
        <img className="logo" src={row.logo} alt="" loading="lazy" decoding="async" width={40} height={40} />
        <h2>{row.name}</h2>
        <span className={row.role === 'owner' ? 'role owner' : 'role'}>{ROLE_LABELS[row.role]}</span>
        {row.owner ? <p className="muted">Shared by {row.owner}</p> : null}
        <p className="muted">{lastEditText(row.updatedAt)}</p>
      </div>
    </CardLink>
  );
}
