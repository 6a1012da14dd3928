import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { adminShopQueryOptions } from '../api/get-admin-shop';

/** The design editor's door: the real shop from the server; the editor itself comes next. */
export function DesignPage({ alias }: { alias: string }) {
  const { data: shop } = useSuspenseQuery(adminShopQueryOptions(alias));
  return (
    <PageLayout title="Design your app" lead={`Style the splash screen, login, home page, categories, product pages, cart, chat, checkout and order history of ${shop.name}.`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
        <Avatar variant="rounded" src={shop.logo} alt={`${shop.name} logo`} sx={{ width: 64, height: 64 }} />
        <Box>
          <Typography component="h2" variant="h5">
            {shop.name}
          </Typography>
          <Typography color="text.secondary">
            {shop.address.description || shop.address.name} · {shop.shopCurrency.currency.code} ({shop.shopCurrency.currency.symbol})
          </Typography>
        </Box>
      </Box>
      <Alert severity="info" sx={{ mb: 3 }}>
        Your shop is ready. The design editor comes next: this is where you will style your app with a live phone preview.
      </Alert>
      <ButtonLink to="/new-app/category-selection" search={{ alias: shop.alias }} variant="outlined">
        Change categories
      </ButtonLink>
    </PageLayout>
  );
}
