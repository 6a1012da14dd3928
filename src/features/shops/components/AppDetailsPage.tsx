/**
 * App details (`/apps/{alias}`, issue 14): the shop's facts, links to the design, the preview, the
 * live preview on a phone and the public page; design versions, collaborators and sharing (given
 * by the route from the collaborators feature); its plan (owner and SOVEREIGN, from billing);
 * deleting the app (owner only, confirmed); its builds (issue 31, from the builds feature) and
 * the Order app button for those who may order.
 */
import { type ReactNode, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ShopAccess } from '@contract/collaborators/schemas';
import type { AdminShop } from '@contract/shops/schemas';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { ROLE_LABELS } from '../my-apps';

interface AppDetailsPageProps {
  shop: AdminShop;
  access: ShopAccess;
  versions: ReactNode;
  collaborators: ReactNode;
  sharing: ReactNode;
  /** The app's builds (issue 31), first on the page; `#builds` on the address points at it. */
  builds: ReactNode;
  /** Opens the order dialog; null for those who may not order (only owners, SOVEREIGNs and managers may). */
  onOrder: (() => void) | null;
  /** The app's plan, for those who pay for it (null for the others). */
  plan: ReactNode;
  /** Deletes the app; resolves when it is gone (the route then leaves the page). */
  onDelete: () => Promise<unknown>;
  deleting: boolean;
  deleteError: string | null;
}

export function AppDetailsPage({
  shop,
  access,
  versions,
  collaborators,
  sharing,
  builds,
  onOrder,
  plan,
  onDelete,
  deleting,
  deleteError,
}: AppDetailsPageProps) {
  const [confirming, setConfirming] = useState(false);
  const isOwner = access.role === 'owner' || access.sovereign;
  return (
    <PageLayout
      title="App details"
      lead={`${shop.name}${shop.slogan ? `: ${shop.slogan}` : ''}. Its design, versions, collaborators and sharing.`}
      actions={
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {onOrder && (
            <Button variant="contained" color="secondary" onClick={onOrder}>
              Order app
            </Button>
          )}
          <ButtonLink
            to="/new-app/$alias/design"
            params={{ alias: shop.alias }}
            variant="contained"
            sx={{ backgroundColor: '#FFFFFF', color: 'primary.dark', '&:hover': { backgroundColor: '#E3E8FF' } }}
          >
            Open the design
          </ButtonLink>
          <ButtonLink to="/test/preview" search={{ t: shop.alias }} variant="outlined" sx={{ color: '#FFFFFF', borderColor: '#FFFFFF' }}>
            Preview
          </ButtonLink>
          <ButtonLink to="/app_viewer" variant="outlined" sx={{ color: '#FFFFFF', borderColor: '#FFFFFF' }}>
            Live preview on a phone
          </ButtonLink>
          <ButtonLink to="/apps/$alias/public" params={{ alias: shop.alias }} variant="outlined" sx={{ color: '#FFFFFF', borderColor: '#FFFFFF' }}>
            Public page
          </ButtonLink>
        </Stack>
      }
    >
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Paper
          variant="outlined"
          id="builds"
          component="section"
          aria-labelledby="builds-heading"
          sx={{ p: { xs: 2, sm: 3 }, gridColumn: '1 / -1', scrollMarginTop: 80 }}
        >
          {builds}
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-labelledby="facts-heading">
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', mb: 2 }}>
            <Avatar src={shop.logo} alt={`${shop.name} logo`} sx={{ width: 64, height: 64 }} />
            <Box>
              <Typography id="facts-heading" component="h2" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
                {shop.name}
              </Typography>
              <Chip size="small" label={`Your role: ${ROLE_LABELS[access.role]}`} />
            </Box>
          </Stack>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              columnGap: 2,
              rowGap: 1,
              m: 0,
              '& dt': { fontWeight: 600 },
              '& dd': { m: 0, overflowWrap: 'anywhere' },
            }}
          >
            <dt>Alias</dt>
            <dd>{shop.alias}</dd>
            <dt>Address</dt>
            <dd>{shop.address.description || shop.address.name}</dd>
            <dt>Currency</dt>
            <dd>{shop.shopCurrency.currency.symbol}</dd>
            <dt>Created</dt>
            <dd>{new Date(shop.createdAt).toLocaleDateString()}</dd>
            <dt>Last change</dt>
            <dd>{new Date(shop.updatedAt).toLocaleString()}</dd>
          </Box>
        </Paper>
        {plan && (
          <Paper variant="outlined" sx={{ p: 3 }}>
            {plan}
          </Paper>
        )}
        <Paper variant="outlined" sx={{ p: 3 }}>
          {versions}
        </Paper>
        <Paper variant="outlined" sx={{ p: 3 }}>
          {collaborators}
        </Paper>
        <Paper variant="outlined" sx={{ p: 3, display: 'grid', gap: 3, alignContent: 'start' }}>
          {sharing}
          {isOwner && (
            <>
              <Divider />
              <Box component="section" aria-labelledby="danger-heading">
                <Typography id="danger-heading" component="h2" variant="h6" gutterBottom>
                  Delete this app
                </Typography>
                <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                  The app, its design and its media are removed for you and every collaborator.
                </Typography>
                <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
                  Delete app
                </Button>
              </Box>
            </>
          )}
        </Paper>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${shop.name}?`}
        consequence="This cannot be undone. Collaborators lose access at once."
        confirmLabel="Yes, delete"
        busy={deleting}
        error={deleteError}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void onDelete().catch(() => undefined)}
      />
    </PageLayout>
  );
}
