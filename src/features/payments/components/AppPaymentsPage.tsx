import { PageLayout } from '@/components/PageLayout';

export function AppPaymentsPage({ alias }: { alias: string }) {
  return <PageLayout title="App payments" lead={`The transactions of ${alias}, with their status and reference.`} />;
}
