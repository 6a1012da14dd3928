import Typography from '@mui/material/Typography';
import { PageLayout } from '@/components/PageLayout';
import { PRODUCT_NAME } from '@contract/brand';

export function AboutUsPage() {
  return (
    <PageLayout title="About Us" lead={`${PRODUCT_NAME} helps shop owners bring their store to their customers' phones.`}>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        What we do
      </Typography>
      <Typography sx={{ maxWidth: 720, mb: 2 }}>
        A mobile app used to mean a development team and months of work. We built {PRODUCT_NAME} so that any merchant can design a branded shopping app from a
        template, check it on a real phone as they go, and order it when it is ready.
      </Typography>
      <Typography sx={{ maxWidth: 720 }}>
        Each shop gets a consumer app for its customers and an admin app for the people who run it. Billing follows usage, so a small shop starts small and pays
        more only as its app is used more.
      </Typography>
    </PageLayout>
  );
}
