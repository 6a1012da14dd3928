import { NAMED_ROUTES } from '@/lib/named-routes';
import { ButtonLink } from '@/components/links';
import { PageLayout } from '@/components/PageLayout';

export function MyAppsPage() {
  return (
    <PageLayout
      title="My Apps"
      lead="The apps you have set up, with their build and subscription status."
      actions={
        <ButtonLink to={NAMED_ROUTES.ShopSetupPage} variant="contained" sx={{ backgroundColor: '#FFFFFF', color: 'primary.dark', '&:hover': { backgroundColor: '#E3E8FF' } }}>
          + New App
        </ButtonLink>
      }
    />
  );
}
