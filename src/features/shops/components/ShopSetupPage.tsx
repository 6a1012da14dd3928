import { PageLayout } from '@/components/PageLayout';

export function ShopSetupPage() {
  return <PageLayout title="Set up your shop" lead="Your business name, logo, address and currency: the details every new app starts from." />;
}
