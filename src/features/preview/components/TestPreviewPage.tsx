import { PageLayout } from '@/components/PageLayout';

export function TestPreviewPage() {
  return <PageLayout title="Test preview" lead="Try the screens of an app design in the phone preview before you share it." />;
}
