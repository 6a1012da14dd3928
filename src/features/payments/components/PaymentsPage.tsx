import { PageLayout } from '@/components/PageLayout';

export function PaymentsPage() {
  return <PageLayout title="Payments" lead="Your transactions across all your apps, with their status and reference." />;
}
