import { PageLayout } from '@/components/PageLayout';

export function PaymentMethodsPage() {
  return <PageLayout title="Payment Methods" lead="The cards you saved for paying bills, and which one is used by default." />;
}
