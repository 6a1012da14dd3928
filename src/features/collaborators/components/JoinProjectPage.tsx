import { PageLayout } from '@/components/PageLayout';

export function JoinProjectPage() {
  return <PageLayout title="Join a project" lead="Accept or decline an invitation to work on a shop's design." />;
}
