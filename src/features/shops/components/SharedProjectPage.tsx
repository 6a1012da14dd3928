/**
 * The shared project page (`/apps/{alias}/public`, spec section 2; issue 14): a read-only live
 * preview of the app's default design for anyone with the link, no support chat (ChatMount
 * hides it here). The server puts Open Graph tags with a rendered picture of the design into
 * this page's HTML, so the link unfurls. The owner can turn the link off.
 */
import { type ReactNode, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Creation } from '@contract/design/schemas';
import type { PublicShop } from '@contract/design/sharing';
import { PageLayout } from '@/components/PageLayout';
import { useLiveDesign } from '../use-live-design';

interface SharedProjectPageProps {
  /** The public data (GET /v1/public/shops/{alias}), or the error that it cannot be shown. */
  shop: PublicShop | undefined;
  error: Error | null;
  /** The phone preview of a design (read-only; the route composes the preview renderer in). */
  preview: (creation: Creation) => ReactNode;
}

export function SharedProjectPage({ shop, error, preview }: SharedProjectPageProps) {
  if (error) {
    return (
      <PageLayout title="Shared project" lead="A read-only preview of an app design.">
        <Alert severity="info" role="alert">
          {error.message}
        </Alert>
      </PageLayout>
    );
  }
  if (!shop) {
    return (
      <PageLayout title="Shared project">
        <Typography role="status">Loading the design…</Typography>
      </PageLayout>
    );
  }
  return <SharedDesign shop={shop} preview={preview} />;
}

function SharedDesign({ shop, preview }: { shop: PublicShop; preview: SharedProjectPageProps['preview'] }) {
  const live = useLiveDesign(shop.alias, shop.version, true);
  return (
    <PageLayout title={shop.name} lead={shop.slogan || 'A read-only live preview of this app design.'}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 4, alignItems: { xs: 'center', md: 'flex-start' } }}>
        <Box
          component="section"
          aria-label="Phone preview"
          data-testid="shared-preview"
          sx={{ display: 'flex', justifyContent: 'center', width: '100%', maxWidth: 392 }}
        >
          {live ? (
            <Suspense fallback={<Typography>Loading the preview…</Typography>}>{preview(live)}</Suspense>
          ) : (
            <Typography role="status">Loading the preview…</Typography>
          )}
        </Box>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
            <Avatar src={shop.logo} alt={`${shop.name} logo`} sx={{ width: 56, height: 56 }} />
            <Typography component="h2" variant="h5">
              {shop.name}
            </Typography>
          </Stack>
          <Typography color="text.secondary">This preview follows the design live as its team works on it. It is read-only.</Typography>
        </Box>
      </Stack>
    </PageLayout>
  );
}
