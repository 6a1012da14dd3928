import { PageLayout } from '@/components/PageLayout';

export function BillingPage() {
  return <PageLayout title="Billing" lead="Your monthly usage per app, what it cost, and any bills still to pay." />;
}
