import { PageLayout } from '@/components/PageLayout';

export function SharedProjectPage({ alias }: { alias: string }) {
  return <PageLayout title="Shared project" lead={`The project page of ${alias}, shared with you.`} />;
}
