import { PageLayout } from '@/components/PageLayout';

export function AppDetailsPage({ alias }: { alias: string }) {
  return <PageLayout title="App details" lead={`The design, builds, subscription and collaborators of ${alias}.`} />;
}
