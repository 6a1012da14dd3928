import { PageLayout } from '@/components/PageLayout';

export function PaymentResolutionPage() {
  return <PageLayout title="Pending payments" lead="Payments that still need you, such as a card confirmation, and the step that completes each one." />;
}
