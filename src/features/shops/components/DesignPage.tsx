import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { Slide } from '@contract/catalog/schemas';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';
import { adminShopQueryOptions } from '../api/get-admin-shop';

/** The design editor's door: the real shop from the server; the editor itself comes next. */
export function DesignPage({ alias, slides }: { alias: string; slides: Slide[] }) {
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
      <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
        Your sample catalogue
      </Typography>
      <Box component="ul" aria-label="Sample slides" tabIndex={0} sx={{ listStyle: 'none', p: 0, m: 0, mb: 3, display: 'flex', gap: 2, overflowX: 'auto' }}>
        {slides.map((slide) => (
          <Box component="li" key={slide.id} sx={{ flex: '0 0 220px', borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.900', color: '#FFFFFF' }}>
            {slide.image ? <Box component="img" src={slide.image} alt="" loading="lazy" sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', objectFit: 'cover' }} /> : null}
            <Box sx={{ p: 1.5 }}>
              <Typography sx={{ fontWeight: 600 }}>{slide.title}</Typography>
              <Typography variant="body2">{slide.subtitle}</Typography>
            </Box>
          </Box>
        ))}
      </Box>
      <ButtonLink to="/new-app/category-selection" search={{ alias: shop.alias }} variant="outlined">
        Change categories
      </ButtonLink>
    </PageLayout>
  );
}
